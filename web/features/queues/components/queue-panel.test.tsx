import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { toast } from 'sonner'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { Player } from '@contract/players'
import type { QueueView } from '@contract/queues'
import { formatDateTime } from '@web/lib/format'
import { entry, ITEM_ID, item, me, placed, undoOffer, view, wholeQueue } from '@web/test/factories'
import { type ApiCall, describedAs, loadTexts, mockApi, readerOn, renderPage } from '@web/test/render'
import { QUEUE_NOTE_MAX } from '@contract/queue-limits'
import { QueuePanel } from './queue-panel'
import { waitForToast } from '@web/test/toasts'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

const sword = item({ id: ITEM_ID, name: 'Espada' })
const rowOf = (name: string) => screen.getByText(name).closest('li') as HTMLElement

function serve(queue: QueueView, players: Player[], extra: (call: ApiCall) => unknown = () => undefined) {
  return mockApi((call) => {
    if (call.method === 'GET' && call.path === `/items/${ITEM_ID}/queue`) return { body: queue }
    if (call.method === 'GET' && call.path === '/players') return { body: { players } }
    if (call.method === 'GET' && call.path === '/me') return { body: me() }
    const body = extra(call)
    return body === undefined ? undefined : { body }
  })
}

const asPlayer = (e: ReturnType<typeof entry>): Player => ({
  id: e.playerId,
  name: e.playerName,
  notes: null,
  playerStatus: 'active',
  isActive: true,
  rankId: null,
  createdAt: e.createdAt,
})

beforeAll(() => loadTexts(['items']))

describe('queue panel', () => {
  it('shows positions, badges, counters, the penalty reason and the next-in-line hint', async () => {
    const penalized = entry(1, {
      playerName: 'Aria',
      isPenalized: true,
      penaltyUntil: '2031-01-20T15:00:00.000Z',
      penaltyNote: 'Faltou na raid',
    })
    const next = entry(2, { playerName: 'Bruno', timesReceived: 2, timesAbsent: 1 })
    const nameless = entry(3, { playerName: '' })
    const uninterested = entry(4, { playerName: 'Duda', attendanceStatus: 'not_interested' })
    serve(view([penalized, next, nameless, uninterested]), [])
    renderPage(<QueuePanel item={sword} />)

    await screen.findByText('Bruno')
    expect(screen.getByText('4 jogadores na fila')).toBeTruthy()
    // The first pending player without an active penalty is next, not the penalised one at #1.
    expect(within(rowOf('Bruno')).getByText('Próximo na fila')).toBeTruthy()
    expect(within(rowOf('Aria')).queryByText('Próximo na fila')).toBeNull()
    expect(screen.queryByText(/Ninguém na fila pode receber/)).toBeNull()
    // A penalty ends at an instant (N days from when it was given): its date and time, on the 24-hour clock.
    const badge = within(rowOf('Aria')).getByText(
      `Penalizado até ${formatDateTime('2031-01-20T15:00:00.000Z')}`,
    )
    expect(badge.textContent).toMatch(/^Penalizado até 20\/01\/2031, \d{2}:\d{2}$/)
    expect(within(rowOf('Aria')).getByText('Faltou na raid')).toBeTruthy()
    expect(within(rowOf('Bruno')).getByText('Recebidos: 2 · Ausências: 1')).toBeTruthy()
    expect(within(rowOf('Sem nome')).getByText('3')).toBeTruthy()
    const duda = rowOf('Duda')
    expect(within(duda).getByText('Não interessado')).toBeTruthy()
    expect(within(duda).getByRole('button', { name: 'Marcar Duda como recebido' })).toHaveProperty(
      'disabled',
      true,
    )
    expect(within(duda).getByRole('button', { name: 'Arrastar Duda (posição 4)' })).toBeTruthy()
  })

  it('says in English when a penalty ends, with the time of day as English writes it', async () => {
    await loadTexts(['items'], 'en')
    try {
      const until = '2031-01-20T15:00:00.000Z'
      serve(view([entry(1, { playerName: 'Aria', isPenalized: true, penaltyUntil: until })]), [])
      renderPage(<QueuePanel item={sword} />)
      await screen.findByText('Aria')
      const badge = within(rowOf('Aria')).getByText(`Penalized until ${formatDateTime(until)}`)
      expect(badge.textContent).toMatch(/^Penalized until 1\/20\/2031, \d{1,2}:\d{2}\s[AP]M$/)
    } finally {
      await loadTexts(['items'], 'pt')
    }
  })

  it('marks received, shows the server order, and offers undo from the toast', async () => {
    const a = entry(1, { playerName: 'Aria' })
    const b = entry(2, { playerName: 'Bruno' })
    const received = { ...a, attendanceStatus: 'received' as const, timesReceived: 1 }
    const undo = undoOffer()
    // The receipt answers only the entry it moved (after Bruno); the undo answers the whole queue.
    const calls = serve(view([a, b], null, 1), [], ({ method, path }) => {
      if (method === 'POST' && path === `/queue-entries/${a.id}/received`)
        return placed(2, undo, [{ entry: received, after: b.id }])
      if (method === 'POST' && path === `/items/${ITEM_ID}/queue/undo`)
        return wholeQueue(view([a, b], null, 3))
    })
    renderPage(<QueuePanel item={sword} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Marcar Aria como recebido' }))

    await waitFor(() => expect(within(rowOf('Aria')).getByText('Recebeu')).toBeTruthy())
    const names = within(screen.getByRole('list', { name: 'Fila do item' }))
      .getAllByRole('listitem')
      .map((li) => li.getAttribute('data-entry-id'))
    expect(names).toEqual([b.id, a.id])
    // Its undo stays 10 s within reach (a toast without an action, 4 s).
    expect(toast.success).toHaveBeenCalledWith(
      'Aria recebeu o item e foi para trás dos jogadores pendentes',
      expect.objectContaining({ id: `queue-${ITEM_ID}`, duration: 10_000 }),
    )
    // The header offers the same undo while the server says it is possible.
    expect(screen.getByRole('button', { name: 'Desfazer: item recebido por Aria' })).toBeTruthy()

    const options = vi.mocked(toast.success).mock.calls[0]![1] as unknown as {
      action: { onClick: (event: { preventDefault: () => void }) => void }
    }
    options.action.onClick({ preventDefault: () => {} })
    await waitForToast('success', 'Ação desfeita: item recebido por Aria', expect.anything())
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/queue-entries/${a.id}/received`,
      `/items/${ITEM_ID}/queue/undo`,
    ])
    // The toast undoes this receipt: the queue as the receipt left it (version 2), so a later action of
    // another officer is refused by the server rather than undone in its place.
    expect(calls.find((c) => c.path.endsWith('/queue/undo'))!.body).toEqual({ queueVersion: 2 })
    expect(screen.queryByRole('button', { name: /^Desfazer:/ })).toBeNull()
  })

  // No write announces that a penalty ended: the panel reads the queue again at that instant.
  it('shows a penalised player as next once the penalty ends, with no action or reload', async () => {
    const ends = new Date(Date.now() + 200).toISOString()
    const penalized = entry(1, {
      playerName: 'Aria',
      isPenalized: true,
      penaltyUntil: ends,
      penaltyNote: 'x',
    })
    const received = entry(2, { playerName: 'Bruno', attendanceStatus: 'received' })
    let reads = 0
    mockApi((call) => {
      if (call.method === 'GET' && call.path === `/items/${ITEM_ID}/queue`) {
        reads += 1
        return { body: view([reads === 1 ? penalized : { ...penalized, isPenalized: false }, received]) }
      }
      if (call.method === 'GET' && call.path === '/players') return { body: { players: [] } }
    })
    renderPage(<QueuePanel item={sword} />)
    await screen.findByText('Aria')
    expect(within(rowOf('Aria')).queryByText('Próximo na fila')).toBeNull()
    await waitFor(() => expect(within(rowOf('Aria')).getByText('Próximo na fila')).toBeTruthy(), {
      timeout: 3000,
    })
    expect(reads).toBe(2)
  })

  // Two clicks before React draws the button disabled (a double click) sent two receipts: two awards.
  it('hands the item out once on a double click of "Received"', async () => {
    const a = entry(1, { playerName: 'Aria' })
    const b = entry(2, { playerName: 'Bruno' })
    const received = { ...a, attendanceStatus: 'received' as const, timesReceived: 1 }
    const calls = serve(view([a, b], null, 1), [], ({ method, path }) => {
      if (method === 'POST' && path === `/queue-entries/${a.id}/received`)
        return placed(2, null, [{ entry: received, after: b.id }])
    })
    renderPage(<QueuePanel item={sword} />)
    const button = await screen.findByRole('button', { name: 'Marcar Aria como recebido' })
    fireEvent.click(button)
    fireEvent.click(button)
    await waitFor(() => expect(within(rowOf('Aria')).getByText('Recebeu')).toBeTruthy())
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/queue-entries/${a.id}/received`,
    ])
  })

  it('during a raid night: shows it, marks who is away, highlights the first here and awards into it', async () => {
    const [aria, bruno, caio] = [
      entry(1, { playerName: 'Aria' }),
      entry(2, { playerName: 'Bruno' }),
      entry(3, { playerName: 'Caio' }),
    ]
    const night = {
      id: '00000000-0000-4000-8000-00000000e001',
      name: 'Raid de quinta',
      startsAt: '2030-01-01T23:00:00.000Z',
      runsUntil: '2030-01-02T02:00:00.000Z',
      timeZone: 'America/Sao_Paulo',
    }
    const tonight = {
      night,
      attendance: { [aria.playerId]: 'bench', [bruno.playerId]: 'late' },
      checkAgainAt: null,
    }
    const awarded = { ...bruno, attendanceStatus: 'received' as const, timesReceived: 1 }
    const calls = serve(view([aria, bruno, caio], null, 1), [], ({ method, path }) => {
      if (method === 'GET' && path === '/raid-nights-tonight') return tonight
      if (method === 'POST' && path === `/queue-entries/${bruno.id}/received`)
        return {
          ...placed(2, null, [{ entry: awarded, after: caio.id }]),
          passed: [{ entryId: aria.id, playerName: 'Aria', attendance: 'bench', markedAbsent: false }],
        }
    })
    renderPage(<QueuePanel item={sword} />)

    const banner = await screen.findByRole('region', { name: 'Hoje: Raid de quinta' })
    expect(within(banner).getByText('2 aqui · 1 fora')).toBeTruthy()
    // On the guild's clock (São Paulo), whatever the reader's.
    expect(await within(banner).findByText('20:00 às 23:00')).toBeTruthy()
    expect(within(rowOf('Aria')).getByText('No banco')).toBeTruthy()
    expect(within(rowOf('Bruno')).getByText('Atrasado')).toBeTruthy()
    // Aria is first but on the bench: Bruno (late counts as here) is next tonight.
    expect(within(rowOf('Bruno')).getByText('Próximo hoje')).toBeTruthy()
    expect(within(rowOf('Aria')).queryByText('Próximo hoje')).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Marcar Bruno como recebido' }))
    await waitForToast(
      'success',
      'Bruno recebeu o item e foi para trás dos jogadores pendentes',
      expect.objectContaining({ description: 'Passados na vez: Aria (No banco)' }),
    )
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ queueVersion: 1, raidNightId: night.id })
  })

  // An outside test (2026-12-06): a Berlin guild's banner read "18:00 – 23:30" in São Paulo, where the history
  // put the same night's awards at 14:11, and nothing said which clock either was on.
  it.each([
    ['America/Sao_Paulo', '18:00 às 23:30 (Horário Alemanha)'],
    ['Europe/Berlin', '18:00 às 23:30'],
  ])(
    "shows tonight's times on the guild's clock, saying its zone to a reader on another (%s)",
    async (reader, times) => {
      readerOn(reader)
      const tonight = {
        night: {
          id: '00000000-0000-4000-8000-00000000e003',
          name: 'Raid de domingo',
          startsAt: '2026-12-06T17:00:00.000Z',
          runsUntil: '2026-12-06T22:30:00.000Z',
          timeZone: 'Europe/Berlin',
        },
        attendance: {},
        checkAgainAt: null,
      }
      serve(view([entry(1, { playerName: 'Aria' })]), [], ({ method, path }) =>
        method === 'GET' && path === '/raid-nights-tonight' ? tonight : undefined,
      )
      renderPage(<QueuePanel item={sword} />)
      const banner = await screen.findByRole('region', { name: 'Hoje: Raid de domingo' })
      const shown = await within(banner).findByText('18:00 às 23:30')
      expect(shown.textContent).toBe(times)
    },
  )

  it('says so when nobody in a full queue can receive tonight', async () => {
    const [aria, bruno] = [entry(1, { playerName: 'Aria' }), entry(2, { playerName: 'Bruno' })]
    const tonight = {
      night: {
        id: '00000000-0000-4000-8000-00000000e002',
        name: 'Raid de quinta',
        startsAt: '2030-01-01T23:00:00.000Z',
        runsUntil: '2030-01-02T02:00:00.000Z',
        timeZone: 'America/Sao_Paulo',
      },
      attendance: { [aria.playerId]: 'bench', [bruno.playerId]: 'excused' },
      checkAgainAt: null,
    }
    serve(view([aria, bruno]), [], ({ method, path }) =>
      method === 'GET' && path === '/raid-nights-tonight' ? tonight : undefined,
    )
    renderPage(<QueuePanel item={sword} />)
    await screen.findByRole('region', { name: 'Hoje: Raid de quinta' })
    expect(await screen.findByText(/^Ninguém na fila pode receber agora/)).toBeTruthy()
    expect(screen.queryByText('Próximo hoje')).toBeNull()
  })

  it('says everyone is queued without calling the server when no active player is missing', async () => {
    const a = entry(1, { playerName: 'Aria' })
    const calls = serve(view([a]), [asPlayer(a)])
    renderPage(<QueuePanel item={sword} />)
    await screen.findByText('Aria')
    await waitFor(() => expect(calls.some((c) => c.path === '/players')).toBe(true))
    await new Promise((r) => setTimeout(r, 0))
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar todos' }))
    await waitForToast('info', 'Todos os jogadores já estão na fila.')
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })

  it('in a guild with ranks, "add all" asks whose players join and sends only the ranks left checked', async () => {
    const a = entry(1, { playerName: 'Aria' })
    const b = entry(2, { playerName: 'Bruno' })
    const ranks = [
      { id: '00000000-0000-4000-8000-0000000000b0', name: 'Raider', level: 0, playerCount: 1 },
      { id: '00000000-0000-4000-8000-0000000000b1', name: 'Trial', level: 1, playerCount: 0 },
    ]
    const calls = serve(view([a]), [asPlayer(a), asPlayer(b)], ({ method, path }) => {
      if (method === 'GET' && path === '/ranks') return { ranks }
      if (method === 'POST' && path === `/items/${ITEM_ID}/queue/add-all`)
        return { added: 1, change: wholeQueue(view([a, b], null, 2)) }
    })
    renderPage(<QueuePanel item={sword} />)
    await screen.findByText('Aria')
    await waitFor(() => expect(calls.some((c) => c.path === '/ranks')).toBe(true))
    await new Promise((r) => setTimeout(r, 0))
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar todos' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Trial' }))
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Sem cargo' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }))
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1))
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ ranks: [ranks[0]!.id] })
    expect(await screen.findByText('Bruno')).toBeTruthy()
  })

  it('penalty: 7 days by default, the reason is required before anything is sent', async () => {
    const a = entry(1, { playerName: 'Aria' })
    const calls = serve(view([a]), [], ({ method, path }) =>
      method === 'POST' && path === `/queue-entries/${a.id}/penalty`
        ? wholeQueue(view([a], null, 2))
        : undefined,
    )
    renderPage(<QueuePanel item={sword} />)
    // Radix menus open on pointer down (or keyboard), not on click.
    const menu = await screen.findByRole('button', { name: 'Mais ações para Aria' })
    fireEvent.keyDown(menu, { key: 'Enter' })
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Penalizar' }))
    const dialog = await screen.findByRole('dialog')
    expect((within(dialog).getByLabelText('Dias de penalidade') as HTMLInputElement).value).toBe('7')
    const note = within(dialog).getByLabelText('Motivo da penalidade (obrigatório)') as HTMLTextAreaElement
    expect(note.rows).toBe(3)
    const submit = within(dialog).getByRole('button', { name: 'Aplicar penalidade' })
    // Refused with the field's error (penalty-dialog.test.tsx), never sent.
    fireEvent.change(note, { target: { value: '   ' } })
    fireEvent.click(submit)
    expect(await within(dialog).findByText('Informe o motivo da penalidade.')).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText('Dias de penalidade'), { target: { value: '0' } })
    fireEvent.change(note, { target: { value: 'Saiu cedo' } })
    // The characters left are said under the reason; no maxLength cuts a paste unsaid.
    expect(note.maxLength).toBe(-1)
    expect(describedAs(note)).toBe(`Restam ${QUEUE_NOTE_MAX - 'Saiu cedo'.length} caracteres.`)
    fireEvent.click(submit)
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByLabelText('Dias de penalidade')),
    )
    fireEvent.change(within(dialog).getByLabelText('Dias de penalidade'), { target: { value: '3' } })
    // A reason over the limit is kept whole, said to be over, and cannot be sent until it is shortened.
    const long = 'x'.repeat(QUEUE_NOTE_MAX + 1)
    fireEvent.change(note, { target: { value: long } })
    expect(note.value).toBe(long)
    // Once a submit was refused, the field's error follows what is typed (as a schema form's does).
    expect(describedAs(note)).toBe(
      `Texto longo demais: no máximo ${QUEUE_NOTE_MAX} caracteres. 1 caractere a mais.`,
    )
    expect(note.getAttribute('aria-invalid')).toBe('true')
    fireEvent.click(submit)
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
    fireEvent.change(note, { target: { value: 'Saiu cedo' } })
    fireEvent.click(submit)
    await waitForToast(
      'success',
      'Penalidade aplicada: Aria foi para trás dos jogadores sem penalidade',
      expect.anything(),
    )
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      days: 3,
      note: 'Saiu cedo',
      queueVersion: 1,
    })
  })

  // Issue 43, point 3: a penalty that has ended keeps its reason under the player until it is cleared.
  it('offers to clear the reason of an ended penalty, besides a new penalty', async () => {
    const lapsed = {
      playerName: 'Aria',
      isPenalized: false,
      penaltyUntil: '2024-01-20T15:00:00.000Z',
      penaltyNote: 'Faltou na raid',
    }
    const a = entry(1, lapsed)
    const cleared = { ...a, penaltyUntil: null, penaltyNote: null }
    const calls = serve(view([a]), [], ({ method, path }) =>
      method === 'DELETE' && path === `/queue-entries/${a.id}/penalty`
        ? placed(2, null, [{ entry: cleared, after: null }])
        : undefined,
    )
    renderPage(<QueuePanel item={sword} />)
    await screen.findByText('Aria')
    expect(within(rowOf('Aria')).queryByText(/Penalizado até/)).toBeNull()
    expect(
      within(rowOf('Aria')).getByText(
        new RegExp(`^Penalidade encerrada em ${formatDateTime('2024-01-20T15:00:00.000Z')} ·`),
      ).textContent,
    ).toMatch(/^Penalidade encerrada em 20\/01\/2024, \d{2}:\d{2} · $/)
    expect(within(rowOf('Aria')).getByText('Faltou na raid')).toBeTruthy()

    fireEvent.keyDown(screen.getByRole('button', { name: 'Mais ações para Aria' }), { key: 'Enter' })
    expect(await screen.findByRole('menuitem', { name: 'Penalizar' })).toBeTruthy()
    expect(screen.queryByRole('menuitem', { name: 'Remover penalidade' })).toBeNull()
    fireEvent.click(screen.getByRole('menuitem', { name: 'Apagar motivo da penalidade' }))
    await waitFor(() => expect(screen.queryByText('Faltou na raid')).toBeNull())
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      `/queue-entries/${a.id}/penalty`,
    ])
    await waitForToast('success', 'Motivo da penalidade de Aria apagado', expect.anything())
  })

  it('removes a player only after confirming, and toggles not-interested both ways', async () => {
    const a = entry(1, { playerName: 'Aria' })
    const b = entry(2, { playerName: 'Bruno' })
    const calls = serve(view([a, b], null, 1), [], ({ method, path }) => {
      if (method === 'DELETE' && path === `/queue-entries/${a.id}`) return placed(2, null, [], [a.id])
      if (method === 'POST' && path === `/queue-entries/${b.id}/not-interested`)
        return placed(3, null, [{ entry: { ...b, attendanceStatus: 'not_interested' }, after: null }])
    })
    renderPage(<QueuePanel item={sword} />)
    fireEvent.keyDown(await screen.findByRole('button', { name: 'Mais ações para Aria' }), { key: 'Enter' })
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remover da fila' }))
    const confirm = await screen.findByRole('alertdialog')
    expect(within(confirm).getByText('Tem certeza que deseja remover Aria da fila de Espada?')).toBeTruthy()
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false)
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remover' }))
    await waitFor(() => expect(screen.queryByText('Aria')).toBeNull())
    expect(toast.success).toHaveBeenCalledWith('Aria saiu da fila', expect.anything())

    fireEvent.keyDown(screen.getByRole('button', { name: 'Mais ações para Bruno' }), { key: 'Enter' })
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Marcar como não interessado' }))
    await waitFor(() => expect(within(rowOf('Bruno')).getByText('Não interessado')).toBeTruthy())
    expect(toast.success).toHaveBeenCalledWith('Bruno está sem interesse neste item', expect.anything())
    fireEvent.keyDown(screen.getByRole('button', { name: 'Mais ações para Bruno' }), { key: 'Enter' })
    expect(await screen.findByRole('menuitem', { name: 'Voltar para a fila' })).toBeTruthy()
  })

  it('shows the server’s translated reason when an action is refused, and reloads the queue', async () => {
    const a = entry(1, { playerName: 'Aria' })
    const calls = mockApi(({ method, path }) => {
      if (method === 'GET' && path === `/items/${ITEM_ID}/queue`) return { body: view([a]) }
      if (method === 'GET' && path === '/players') return { body: { players: [] } }
      if (method === 'POST')
        return { status: 409, body: { error: { code: 'NOT_INTERESTED_ENTRY', message: 'x' } } }
    })
    renderPage(<QueuePanel item={sword} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Marcar Aria como ausente' }))
    await waitForToast('error', 'Erro', {
      description: 'Um jogador não interessado não pode receber nem faltar. Volte-o para a fila primeiro.',
    })
    await waitFor(() => expect(calls.filter((c) => c.path === `/items/${ITEM_ID}/queue`)).toHaveLength(2))
  })

  // Two officers on one queue: each action says which version of the queue it was chosen on, and one chosen on
  // a queue that has changed since is refused (docs/decisions/001-queue-ordering.md, "The queue the member saw").
  it('sends the version of the queue on screen; refused as changed, it says why and shows the queue as it is', async () => {
    const a = entry(1, { playerName: 'Aria' })
    const b = entry(2, { playerName: 'Bruno' })
    const c = entry(3, { playerName: 'Caio' })
    const received = { ...a, attendanceStatus: 'received' as const, timesReceived: 1 }
    let reads = 0
    const calls = mockApi(({ method, path }) => {
      if (method === 'GET' && path === `/items/${ITEM_ID}/queue`) {
        reads += 1
        // After the refusal: another officer had given Bruno the item (version 5).
        const bruno = { ...b, attendanceStatus: 'received' as const, timesReceived: 1 }
        return { body: reads === 1 ? view([a, b, c], null, 3) : view([c, received, bruno], null, 5) }
      }
      if (method === 'GET' && path === '/players') return { body: { players: [] } }
      if (path === `/queue-entries/${a.id}/received`)
        return { body: placed(4, null, [{ entry: received, after: c.id }]) }
      if (path === `/queue-entries/${b.id}/received`)
        return { status: 409, body: { error: { code: 'QUEUE_CHANGED', message: 'x' } } }
      if (path === `/queue-entries/${c.id}/received`) return { body: view([c], null, 6) }
    })
    renderPage(<QueuePanel item={sword} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Marcar Aria como recebido' }))
    await waitFor(() => expect(within(rowOf('Aria')).getByText('Recebeu')).toBeTruthy())
    fireEvent.click(screen.getByRole('button', { name: 'Marcar Bruno como recebido' }))
    await waitForToast('error', 'Erro', {
      description:
        'A fila mudou enquanto você agia (alguém agiu nela antes). Confira a fila atualizada e tente de novo: nada foi alterado.',
    })
    await waitFor(() => expect(within(rowOf('Bruno')).getByText('Recebeu')).toBeTruthy())
    fireEvent.click(screen.getByRole('button', { name: 'Marcar Caio como recebido' }))
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(3))
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { queueVersion: 3 },
      { queueVersion: 4 },
      { queueVersion: 5 },
    ])
  })

  it('a quick note goes with the next action only, then clears; the removal confirmation shows it', async () => {
    const a = entry(1, { playerName: 'Aria' })
    const b = entry(2, { playerName: 'Bruno' })
    const calls = serve(view([a, b]), [], ({ method, path }) => {
      if (method === 'POST' && path === `/queue-entries/${a.id}/received`) return view([b, a])
      if (method === 'POST' && path === `/queue-entries/${b.id}/absent`) return view([b, a])
    })
    renderPage(<QueuePanel item={sword} />)
    const trigger = await screen.findByRole('button', { name: 'Nota para a próxima ação na fila de Espada' })
    fireEvent.click(trigger)
    const field = await screen.findByLabelText('Nota da próxima ação')
    fireEvent.change(field, { target: { value: 'Ganhou a rolagem (97)' } })
    expect(screen.getByText(/Restam 479 caracteres/)).toBeTruthy()
    fireEvent.keyDown(field, { key: 'Escape' })
    // Closed, and the keyboard is back on the button that opened it.
    await waitFor(() => expect(document.activeElement).toBe(trigger))
    expect(screen.queryByLabelText('Nota da próxima ação')).toBeNull()
    // Said under the header while it waits; removed only from the popover (queue-note.tsx).
    expect(screen.getByText('Nota da próxima ação:').parentElement!.textContent).toContain(
      'Ganhou a rolagem (97)',
    )
    expect(screen.queryByRole('button', { name: 'Remover a nota' })).toBeNull()

    fireEvent.keyDown(screen.getByRole('button', { name: 'Mais ações para Aria' }), { key: 'Enter' })
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remover da fila' }))
    const confirm = await screen.findByRole('alertdialog')
    expect(within(confirm).getByText('Nota: Ganhou a rolagem (97)')).toBeTruthy()
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }))

    fireEvent.click(screen.getByRole('button', { name: 'Marcar Aria como recebido' }))
    await waitFor(() => expect(screen.queryByText('Nota da próxima ação:')).toBeNull())
    fireEvent.click(screen.getByRole('button', { name: 'Marcar Bruno como ausente' }))
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2))
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      [`/queue-entries/${a.id}/received`, { note: 'Ganhou a rolagem (97)', queueVersion: 1 }],
      [`/queue-entries/${b.id}/absent`, { queueVersion: 1 }],
    ])
  })

  it('a quick note over the limit is kept, said to be over, and no action goes with it until it is shortened', async () => {
    const a = entry(1, { playerName: 'Aria' })
    const calls = serve(view([a]), [], ({ method, path }) =>
      method === 'POST' && path === `/queue-entries/${a.id}/received` ? view([a], null, 2) : undefined,
    )
    renderPage(<QueuePanel item={sword} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Nota para a próxima ação na fila de Espada' }))
    const field = (await screen.findByLabelText('Nota da próxima ação')) as HTMLTextAreaElement
    const pasted = `${'x'.repeat(QUEUE_NOTE_MAX)} combinado no Discord`
    fireEvent.change(field, { target: { value: pasted } })
    expect(field.value).toBe(pasted)
    expect(field.maxLength).toBe(-1)
    expect(describedAs(field)).toContain('21 caracteres a mais.')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    fireEvent.keyDown(field, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByLabelText('Nota da próxima ação')).toBeNull())
    const refused = `A nota passa do limite: no máximo ${QUEUE_NOTE_MAX} caracteres. Encurte ou remova a nota para agir na fila.`
    expect(screen.getByText(refused)).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Marcar Aria como recebido' }))
    expect(toast.error).toHaveBeenCalledWith(refused, expect.anything())
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
    expect(screen.getByText('Nota da próxima ação:').parentElement!.textContent).toContain(
      'combinado no Discord',
    )

    fireEvent.click(screen.getByRole('button', { name: 'Editar nota para a próxima ação na fila de Espada' }))
    fireEvent.change(await screen.findByLabelText('Nota da próxima ação'), {
      target: { value: 'Combinado no Discord' },
    })
    expect(screen.queryByText(refused)).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Marcar Aria como recebido' }))
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1))
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      note: 'Combinado no Discord',
      queueVersion: 1,
    })
  })

  // Issue 42: a note can be for officers only (docs/decisions/019-public-visibility.md).
  it('an officers-only quick note: a labelled checkbox, the mark while it waits, the flag sent, then cleared', async () => {
    const a = entry(1, { playerName: 'Aria' })
    const b = entry(2, { playerName: 'Bruno' })
    const calls = serve(view([a, b]), [], ({ method, path }) => {
      if (method === 'POST' && path === `/queue-entries/${a.id}/received`) return view([b, a])
      if (method === 'POST' && path === `/queue-entries/${b.id}/absent`) return view([b, a])
    })
    renderPage(<QueuePanel item={sword} />)
    const trigger = await screen.findByRole('button', { name: 'Nota para a próxima ação na fila de Espada' })
    fireEvent.click(trigger)
    fireEvent.change(await screen.findByLabelText('Nota da próxima ação'), {
      target: { value: 'Decisão do conselho' },
    })
    const box = screen.getByRole('checkbox', { name: 'Só para oficiais' }) as HTMLInputElement
    expect(box.checked).toBe(false)
    // A native checkbox with its label, and what it means read with it.
    expect(box.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(box.getAttribute('aria-describedby')!)!.textContent).toContain(
      'não vai para a página pública',
    )
    fireEvent.click(box)
    expect(box.checked).toBe(true)
    fireEvent.keyDown(box, { key: 'Escape' })
    await waitFor(() => expect(document.activeElement).toBe(trigger))
    expect(screen.getByText('Nota da próxima ação:').parentElement!.textContent).toContain('Só oficiais')

    fireEvent.click(screen.getByRole('button', { name: 'Marcar Aria como recebido' }))
    await waitFor(() => expect(screen.queryByText('Nota da próxima ação:')).toBeNull())
    // The flag went with the note, and was cleared with it.
    fireEvent.click(trigger)
    expect((screen.getByRole('checkbox', { name: 'Só para oficiais' }) as HTMLInputElement).checked).toBe(
      false,
    )
    fireEvent.change(screen.getByLabelText('Nota da próxima ação'), { target: { value: 'Avisou' } })
    fireEvent.keyDown(screen.getByLabelText('Nota da próxima ação'), { key: 'Escape' })
    fireEvent.click(screen.getByRole('button', { name: 'Marcar Bruno como ausente' }))
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2))
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      [
        `/queue-entries/${a.id}/received`,
        { note: 'Decisão do conselho', notePrivate: true, queueVersion: 1 },
      ],
      [`/queue-entries/${b.id}/absent`, { note: 'Avisou', queueVersion: 1 }],
    ])
  })

  it('an officers-only penalty reason: the checkbox in the dialog sends the flag; the row shows the mark', async () => {
    const a = entry(1, { playerName: 'Aria' })
    const penalized = {
      ...a,
      isPenalized: true,
      penaltyUntil: '2031-01-20T15:00:00.000Z',
      penaltyNote: 'Conversa interna',
      penaltyNotePrivate: true,
    }
    const calls = serve(view([a]), [], ({ method, path }) =>
      method === 'POST' && path === `/queue-entries/${a.id}/penalty`
        ? wholeQueue(view([penalized], null, 2))
        : undefined,
    )
    renderPage(<QueuePanel item={sword} />)
    fireEvent.keyDown(await screen.findByRole('button', { name: 'Mais ações para Aria' }), { key: 'Enter' })
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Penalizar' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.change(within(dialog).getByLabelText('Motivo da penalidade (obrigatório)'), {
      target: { value: 'Conversa interna' },
    })
    const box = within(dialog).getByRole('checkbox', { name: 'Só para oficiais' }) as HTMLInputElement
    expect(box.checked).toBe(false)
    fireEvent.click(box)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aplicar penalidade' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true))
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      days: 7,
      note: 'Conversa interna',
      notePrivate: true,
      queueVersion: 1,
    })
    await waitFor(() => expect(within(rowOf('Aria')).getByText('Conversa interna')).toBeTruthy())
    expect(within(rowOf('Aria')).getByText('Só oficiais')).toBeTruthy()
  })
})
