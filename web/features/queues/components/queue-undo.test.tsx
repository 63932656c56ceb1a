import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, describe, expect, it } from 'vitest'
import type { QueueView } from '@contract/queues'
import { entry, ITEM_ID, item, me, undoOffer, view, wholeQueue } from '@web/test/factories'
import { loadTexts, mockApi, renderPage } from '@web/test/render'
import { QueuePanel } from './queue-panel'

// Issue 14, item 1: undo is offered only while there is something to undo, in the header and in the
// notice (the real sonner toaster, as a person sees it).

const texts = {
  pt: {
    received: 'Marcar Aria como recebido',
    undo: 'Desfazer',
    undone: 'Ação desfeita',
    list: 'Fila do item',
    superseded:
      'Esta ação não pode mais ser desfeita: outra ação veio depois dela nesta fila, e só a última pode ser desfeita. Nada foi alterado.',
    tryAgain: /tente de novo/i,
  },
  en: {
    received: 'Mark Aria as received',
    undo: 'Undo',
    undone: 'Action undone',
    list: 'Item queue',
    superseded:
      'This action can no longer be undone: another action came after it in this queue, and only the last one can be undone. Nothing was changed.',
    tryAgain: /try again/i,
  },
} as const

const toasts = () => [...document.querySelectorAll('[data-sonner-toast]')] as HTMLElement[]
/** Every undo button: the toast's ("Desfazer") and the header's, which says what it undoes ("Desfazer: …"). */
const undoButtons = (word: string) => screen.queryAllByRole('button', { name: new RegExp(`^${word}(:|$)`) })

function serve(afterReceived: QueueView, start = startOf(afterReceived)) {
  const a = afterReceived.entries.find((e) => e.playerName === 'Aria')!
  return mockApi(({ method, path }) => {
    if (method === 'GET' && path === `/items/${ITEM_ID}/queue`) return { body: start }
    if (method === 'GET' && path === '/players') return { body: { players: [] } }
    if (method === 'GET' && path === '/me') return { body: me() }
    if (method === 'POST' && path === `/queue-entries/${a.id}/received`)
      return { body: wholeQueue({ ...afterReceived, version: 2 }) }
    if (method === 'POST' && path === `/items/${ITEM_ID}/queue/undo`)
      return { body: wholeQueue({ ...start, version: 3 }) }
  })
}

function startOf(afterReceived: QueueView) {
  const a = afterReceived.entries.find((e) => e.playerName === 'Aria')!
  return view([{ ...a, attendanceStatus: 'pending', timesReceived: 0 }])
}

const headerUndo = (word: string) =>
  screen
    .getAllByRole('button')
    .find((b) => b.textContent?.startsWith(`${word}:`) && !b.closest('[data-sonner-toast]'))!

afterEach(() => {
  // sonner keeps its toasts in a module-wide store: the next test starts without this one's.
  toast.dismiss()
})

describe.each(['pt', 'en'] as const)('undo (%s)', (language) => {
  const words = texts[language]

  it('after undoing from the header, neither the header nor the notice offers undo again', async () => {
    await loadTexts(['items'], language)
    const aria = entry(1, { playerName: 'Aria' })
    const undo = undoOffer()
    const calls = serve(view([{ ...aria, attendanceStatus: 'received', timesReceived: 1 }], undo))
    renderPage(<QueuePanel item={item({ id: ITEM_ID, name: 'Espada' })} />, '/', { toaster: true })

    fireEvent.click(await screen.findByRole('button', { name: words.received }))
    // The notice and the header both offer the undo.
    await waitFor(() => expect(toasts()).toHaveLength(1))
    expect(within(toasts()[0]!).getByRole('button', { name: words.undo })).toBeTruthy()
    const header = headerUndo(words.undo)
    expect(header).toBeTruthy()

    fireEvent.click(header!)
    await waitFor(() => expect(toasts()[0]?.textContent).toContain(words.undone))
    expect(within(toasts()[0]!).queryByRole('button', { name: words.undo })).toBeNull()
    expect(undoButtons(words.undo)).toEqual([])
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/queue-entries/${aria.id}/received`,
      `/items/${ITEM_ID}/queue/undo`,
    ])
  })

  // An outside tester undid an award of a completed night unasked: the recap the guild got still listed it.
  it("asks before undoing an award of a completed night, in the server's words, and undoes it when told", async () => {
    await loadTexts(['items'], language)
    const aria = entry(1, { playerName: 'Aria' })
    const afterReceived = view([{ ...aria, attendanceStatus: 'received', timesReceived: 1 }], undoOffer())
    const start = startOf(afterReceived)
    const recapped = 'Esta entrega é do evento “Raid de quinta”, já concluído.'
    const calls = mockApi(({ method, path, body }) => {
      if (method === 'GET' && path === `/items/${ITEM_ID}/queue`) return { body: afterReceived }
      if (method === 'GET' && path === '/players') return { body: { players: [] } }
      if (method === 'GET' && path === '/me') return { body: me() }
      if (method === 'POST' && path === `/items/${ITEM_ID}/queue/undo`)
        return (body as { afterRecap?: boolean }).afterRecap
          ? { body: wholeQueue({ ...start, version: 3 }) }
          : { status: 409, body: { error: { code: 'UNDO_AFTER_RECAP', message: recapped } } }
    })
    renderPage(<QueuePanel item={item({ id: ITEM_ID, name: 'Espada' })} />, '/', { toaster: true })

    await waitFor(() => expect(headerUndo(words.undo)).toBeTruthy())
    fireEvent.click(headerUndo(words.undo))
    const ask = await screen.findByRole('alertdialog', {
      name: { pt: 'Desfazer uma entrega de evento concluído?', en: 'Undo an award of a completed event?' }[
        language
      ],
    })
    expect(within(ask).getByText(recapped)).toBeTruthy()
    // Asked, not failed: no error toast, and the queue still shows the award.
    expect(toasts()).toEqual([])
    fireEvent.click(
      within(ask).getByRole('button', { name: { pt: 'Desfazer mesmo assim', en: 'Undo anyway' }[language] }),
    )
    await waitFor(() => expect(toasts()[0]?.textContent).toContain('Aria'))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { queueVersion: afterReceived.version },
      { queueVersion: afterReceived.version, afterRecap: true },
    ])
  })

  // An outside tester, two officers on one queue: A's toast offered to undo A's award of Aria; B then gave
  // Bruno the item. A's undo was refused with "check and try again", which could never succeed.
  it("a toast's undo after another officer acted: says it can no longer be undone, shows the queue as it is", async () => {
    await loadTexts(['items'], language)
    const aria = entry(1, { playerName: 'Aria' })
    const bruno = entry(2, { playerName: 'Bruno' })
    const ariaReceived = { ...aria, attendanceStatus: 'received' as const, timesReceived: 1 }
    const afterMine = view([bruno, ariaReceived], undoOffer(), 2)
    const afterTheirs = view(
      [ariaReceived, { ...bruno, attendanceStatus: 'received', timesReceived: 1 }],
      undoOffer({ playerName: 'Bruno', actorUserId: 'u2', actorName: 'Bruno Lima' }),
      3,
    )
    let awarded = false
    const calls = mockApi(({ method, path }) => {
      if (method === 'GET' && path === `/items/${ITEM_ID}/queue`)
        return { body: awarded ? afterTheirs : view([aria, bruno]) }
      if (method === 'GET' && path === '/players') return { body: { players: [] } }
      if (method === 'GET' && path === '/me') return { body: me() }
      if (method === 'POST' && path === `/queue-entries/${aria.id}/received`) {
        awarded = true
        return { body: wholeQueue(afterMine) }
      }
      if (method === 'POST' && path === `/items/${ITEM_ID}/queue/undo`)
        return { status: 409, body: { error: { code: 'UNDO_SUPERSEDED', message: 'x' } } }
    })
    renderPage(<QueuePanel item={item({ id: ITEM_ID, name: 'Espada' })} />, '/', { toaster: true })

    fireEvent.click(await screen.findByRole('button', { name: words.received }))
    await waitFor(() => expect(toasts()).toHaveLength(1))
    fireEvent.click(within(toasts()[0]!).getByRole('button', { name: words.undo }))

    await waitFor(() => expect(document.body.textContent).toContain(words.superseded))
    expect(document.body.textContent).not.toMatch(words.tryAgain)
    // The queue as it is now: Bruno's award, whose undo the header now offers.
    await waitFor(() => expect(headerUndo(words.undo)?.textContent).toContain('Bruno Lima'))
    expect(calls.find((c) => c.path.endsWith('/queue/undo'))!.body).toEqual({ queueVersion: 2 })
  })

  it('an action that left nothing to undo is announced without an undo button', async () => {
    await loadTexts(['items'], language)
    const aria = entry(1, { playerName: 'Aria' })
    serve(view([{ ...aria, attendanceStatus: 'received', timesReceived: 1 }], null))
    renderPage(<QueuePanel item={item({ id: ITEM_ID, name: 'Espada' })} />, '/', { toaster: true })

    fireEvent.click(await screen.findByRole('button', { name: words.received }))
    await waitFor(() => expect(toasts()).toHaveLength(1))
    expect(within(toasts()[0]!).queryByRole('button', { name: words.undo })).toBeNull()
    expect(undoButtons(words.undo)).toEqual([])
  })

  // Keyboard: the header's undo goes away once used; focus must not fall to <body> (an outside tester's report).
  it('after undoing from the header by keyboard, focus is on the row the undo gave back', async () => {
    await loadTexts(['items'], language)
    const aria = entry(1, { playerName: 'Aria' })
    const bruno = entry(2, { playerName: 'Bruno' })
    const undo = undoOffer()
    serve(
      view([bruno, { ...aria, attendanceStatus: 'received', timesReceived: 1 }], undo),
      view([aria, bruno]),
    )
    renderPage(<QueuePanel item={item({ id: ITEM_ID, name: 'Espada' })} />, '/', { toaster: true })

    fireEvent.click(await screen.findByRole('button', { name: words.received }))
    await waitFor(() => expect(headerUndo(words.undo)).toBeTruthy())
    headerUndo(words.undo).focus()
    fireEvent.click(headerUndo(words.undo))
    await waitFor(() => expect(toasts()[0]?.textContent).toContain(words.undone))
    await waitFor(() => expect(undoButtons(words.undo)).toEqual([]))
    await waitFor(() => expect(document.activeElement?.getAttribute('data-entry-id')).toBe(aria.id))
  })

  it('an undo that gives back no row (an undone drag) leaves focus on the queue list', async () => {
    await loadTexts(['items'], language)
    const aria = entry(1, { playerName: 'Aria' })
    const bruno = entry(2, { playerName: 'Bruno' })
    const undo = undoOffer({ actionType: 'QUEUE_REORDER', playerName: null })
    // The "received" answer stands in for a drag here: the undo answers the same entries in another order.
    const after = view([bruno, aria], undo)
    mockApi(({ method, path }) => {
      if (method === 'GET' && path === `/items/${ITEM_ID}/queue`) return { body: view([aria, bruno]) }
      if (method === 'GET' && path === '/players') return { body: { players: [] } }
      if (method === 'POST' && path === `/queue-entries/${aria.id}/received`)
        return { body: wholeQueue({ ...after, version: 2 }) }
      if (method === 'POST' && path === `/items/${ITEM_ID}/queue/undo`)
        return { body: wholeQueue(view([aria, bruno], null, 3)) }
    })
    renderPage(<QueuePanel item={item({ id: ITEM_ID, name: 'Espada' })} />, '/', { toaster: true })

    fireEvent.click(await screen.findByRole('button', { name: words.received }))
    await waitFor(() => expect(headerUndo(words.undo)).toBeTruthy())
    headerUndo(words.undo).focus()
    fireEvent.click(headerUndo(words.undo))
    await waitFor(() => expect(undoButtons(words.undo)).toEqual([]))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('list', { name: words.list })))
  })
})

// An outside tester: Bruno marked Gwendolyn absent; Ana's header read "Undo the last action: absence", she
// clicked it and Bruno's action was silently reversed. Any officer may undo it (the product's rule), but the
// button and the toast say whose action on which player it takes back.
const named = {
  pt: {
    othersButton: 'Desfazer: ausência de Gwendolyn (por Bruno)',
    othersToast: 'Ação desfeita: ausência de Gwendolyn (por Bruno)',
    ownButton: 'Desfazer: ausência de Gwendolyn',
    addAllButton: 'Desfazer: 25 jogadores adicionados (por Bruno)',
  },
  en: {
    othersButton: "Undo: Gwendolyn's absence (by Bruno)",
    othersToast: "Action undone: Gwendolyn's absence (by Bruno)",
    ownButton: "Undo: Gwendolyn's absence",
    addAllButton: 'Undo: 25 players added (by Bruno)',
  },
} as const

describe.each(['pt', 'en'] as const)('the undo names what it takes back (%s)', (language) => {
  const words = named[language]
  const gwendolyn = entry(1, { playerName: 'Gwendolyn', attendanceStatus: 'absent', timesAbsent: 1 })
  const byBruno = { actorUserId: 'u2', actorName: 'Bruno' }

  /** The queue as another officer left it; the signed-in member is Ana (user u1 of `me()`). */
  function serveQueue(undo: QueueView['undo']) {
    return mockApi(({ method, path }) => {
      if (method === 'GET' && path === '/me') return { body: me() }
      if (method === 'GET' && path === `/items/${ITEM_ID}/queue`) return { body: view([gwendolyn], undo) }
      if (method === 'GET' && path === '/players') return { body: { players: [] } }
      if (method === 'POST' && path === `/items/${ITEM_ID}/queue/undo`)
        return {
          body: wholeQueue(view([{ ...gwendolyn, attendanceStatus: 'pending', timesAbsent: 0 }], null, 3)),
        }
    })
  }

  it("another member's action: the button and the toast name the player and who acted", async () => {
    await loadTexts(['items'], language)
    const calls = serveQueue(undoOffer({ actionType: 'PLAYER_ABSENT', playerName: 'Gwendolyn', ...byBruno }))
    renderPage(<QueuePanel item={item({ id: ITEM_ID, name: 'Espada' })} />, '/', { toaster: true })

    const button = await screen.findByRole('button', { name: words.othersButton })
    fireEvent.click(button)
    await waitFor(() => expect(toasts()[0]?.textContent).toContain(words.othersToast))
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/items/${ITEM_ID}/queue/undo`,
    ])
    // It undoes the action the button named: the version on screen (1), refused if another came since.
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ queueVersion: 1 })
  })

  it("the member's own action names the player only", async () => {
    await loadTexts(['items'], language)
    serveQueue(undoOffer({ actionType: 'PLAYER_ABSENT', playerName: 'Gwendolyn', actorName: 'Ana Lima' }))
    renderPage(<QueuePanel item={item({ id: ITEM_ID, name: 'Espada' })} />)

    expect(await screen.findByRole('button', { name: words.ownButton })).toBeTruthy()
  })

  it('"add all" says how many it added', async () => {
    await loadTexts(['items'], language)
    serveQueue(undoOffer({ actionType: 'QUEUE_ADD_ALL', playerName: null, count: 25, ...byBruno }))
    renderPage(<QueuePanel item={item({ id: ITEM_ID, name: 'Espada' })} />)

    expect(await screen.findByRole('button', { name: words.addAllButton })).toBeTruthy()
  })
})
