import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Rank } from '@contract/ranks'
import type { QueueView } from '@contract/queues'
import { entry, ITEM_ID, item, view } from '@web/test/factories'
import { type ApiCall, loadTexts, mockApi, renderPage } from '@web/test/render'
import { QueuePanel } from './queue-panel'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

// Ranks on the dashboard's queue (docs/decisions/018-ranks.md): each row says its player's rank, the header
// says when "rank first" chose who is next, and a player below the item's minimum rank is not offered the
// award the server would refuse (an outside tester's report, 2026-12-06).

const RANKS: Rank[] = [
  {
    id: '00000000-0000-4000-8000-0000000000b0',
    name: 'Raider',
    level: 0,
    playerCount: 1,
    minimumOf: { count: 0, names: [] },
  },
  {
    id: '00000000-0000-4000-8000-0000000000b1',
    name: 'Trial',
    level: 1,
    playerCount: 1,
    minimumOf: { count: 0, names: [] },
  },
]

const texts = {
  pt: {
    rank: (name: string) => `Cargo: ${name}`,
    noRank: 'Sem cargo',
    received: (name: string) => `Marcar ${name} como recebido`,
    absent: (name: string) => `Marcar ${name} como ausente`,
    below: 'Abaixo do cargo mínimo',
    next: 'Próximo na fila',
    picked: 'Cargo primeiro: a vez é de Bruno, por ser Raider, o cargo mais alto entre quem pode receber.',
    on: 'Cargo primeiro: o próximo é o primeiro do cargo mais alto que pode receber.',
  },
  en: {
    rank: (name: string) => `Rank: ${name}`,
    noRank: 'No rank',
    received: (name: string) => `Mark ${name} as received`,
    absent: (name: string) => `Mark ${name} as absent`,
    below: 'Below the minimum rank',
    next: 'Next in line',
    picked: 'Rank first: Bruno is next as Raider, the highest rank among those who can receive.',
    on: 'Rank first: next in line is the first of the highest rank who can receive.',
  },
} as const

const rowOf = (name: string) => screen.getByText(name).closest('li') as HTMLElement

function serve(queue: QueueView, ranks: Rank[]) {
  return mockApi((call: ApiCall) => {
    if (call.method === 'GET' && call.path === `/items/${ITEM_ID}/queue`) return { body: queue }
    if (call.method === 'GET' && call.path === '/players') return { body: { players: [] } }
    if (call.method === 'GET' && call.path === '/ranks') return { body: { ranks } }
    return undefined
  })
}

afterEach(() => loadTexts(['items'], 'pt'))

describe.each(['pt', 'en'] as const)('ranks on the queue panel (%s)', (language) => {
  const words = texts[language]

  // An outside tester: "Sem cargo" on every unranked row was noise. A player without a rank has no badge.
  it('shows each ranked player’s rank, none for the unranked, and says "rank first" chose the next', async () => {
    await loadTexts(['items'], language)
    const aria = entry(1, { playerName: 'Aria', rankLevel: 1 })
    const bruno = entry(2, { playerName: 'Bruno', rankLevel: 0 })
    const caio = entry(3, { playerName: 'Caio', rankLevel: null })
    const calls = serve({ ...view([aria, bruno, caio]), rankFirst: true }, RANKS)
    renderPage(<QueuePanel item={item({ id: ITEM_ID, name: 'Espada' })} />)

    await screen.findByText('Aria')
    // The names come from the one ranks query, not a request per row.
    await waitFor(() => expect(within(rowOf('Aria')).getByText('Trial')).toBeTruthy())
    expect(calls.filter((c) => c.path === '/ranks')).toHaveLength(1)
    expect(rowOf('Aria').textContent).toContain(words.rank('Trial'))
    expect(rowOf('Bruno').textContent).toContain(words.rank('Raider'))
    expect(rowOf('Caio').textContent).not.toContain(words.noRank)
    expect(rowOf('Caio').textContent).not.toContain(words.rank(''))
    expect(within(rowOf('Bruno')).getByText(words.next)).toBeTruthy()
    expect(screen.getByText(words.picked)).toBeTruthy()
  })

  // Outside tester J: one item's header named its next and another's did not (its first was also the best
  // rank), which read as two rules. Every header names the next and the rank; a next without a rank, the rule.
  it('with "rank first" on and the first in the queue also the best rank, names them all the same', async () => {
    await loadTexts(['items'], language)
    const bruno = entry(1, { playerName: 'Bruno', rankLevel: 0 })
    const aria = entry(2, { playerName: 'Aria', rankLevel: 1 })
    serve({ ...view([bruno, aria]), rankFirst: true }, RANKS)
    const { unmount } = renderPage(<QueuePanel item={item({ id: ITEM_ID, name: 'Espada' })} />)
    await waitFor(() => expect(within(rowOf('Bruno')).getByText('Raider')).toBeTruthy())
    expect(screen.getByText(words.picked)).toBeTruthy()
    expect(screen.queryByText(words.on)).toBeNull()
    unmount()

    serve({ ...view([entry(1, { playerName: 'Caio' }), bruno]), rankFirst: true }, RANKS)
    renderPage(<QueuePanel item={item({ id: ITEM_ID, name: 'Espada' })} />)
    await waitFor(() => expect(within(rowOf('Bruno')).getByText(words.next)).toBeTruthy())
    expect(screen.getByText(words.picked)).toBeTruthy()
  })

  it('shows no rank and no "rank first" line in a guild without ranks, or with the setting off', async () => {
    await loadTexts(['items'], language)
    const aria = entry(1, { playerName: 'Aria' })
    serve({ ...view([aria]), rankFirst: true }, [])
    const { unmount } = renderPage(<QueuePanel item={item({ id: ITEM_ID, name: 'Espada' })} />)
    await screen.findByText('Aria')
    await new Promise((r) => setTimeout(r, 0))
    expect(rowOf('Aria').textContent).not.toContain(words.noRank)
    expect(screen.queryByText(words.on)).toBeNull()
    unmount()

    serve(
      view([entry(1, { playerName: 'Bruno', rankLevel: 1 }), entry(2, { playerName: 'Caio', rankLevel: 0 })]),
      RANKS,
    )
    renderPage(<QueuePanel item={item({ id: ITEM_ID, name: 'Espada' })} />)
    await waitFor(() => expect(within(rowOf('Bruno')).getByText('Trial')).toBeTruthy())
    expect(within(rowOf('Bruno')).getByText(words.next)).toBeTruthy()
    expect(screen.queryByText(words.on)).toBeNull()
    expect(screen.queryByText(/Bruno (é|is) (o próximo|next)/)).toBeNull()
  })

  it('does not offer "Received" to a player below the minimum rank, and says why to assistive technology', async () => {
    await loadTexts(['items'], language)
    const aria = entry(1, { playerName: 'Aria', rankLevel: 1, belowMinimumRank: true })
    const bruno = entry(2, { playerName: 'Bruno', rankLevel: 0 })
    const calls = serve(view([aria, bruno]), RANKS)
    renderPage(<QueuePanel item={item({ id: ITEM_ID, name: 'Espada' })} />)

    const received = await screen.findByRole('button', { name: words.received('Aria') })
    expect(received).toHaveProperty('disabled', true)
    const describedBy = received.getAttribute('aria-describedby')
    expect(describedBy).toBeTruthy()
    expect(document.getElementById(describedBy!)?.textContent).toBe(words.below)
    fireEvent.click(received)
    // The others keep their award, and Aria can still be marked absent.
    const absent = screen.getByRole('button', { name: words.absent('Aria') })
    expect(absent).toHaveProperty('disabled', false)
    expect(absent.getAttribute('aria-describedby')).toBeNull()
    const brunoReceived = screen.getByRole('button', { name: words.received('Bruno') })
    expect(brunoReceived).toHaveProperty('disabled', false)
    expect(brunoReceived.getAttribute('aria-describedby')).toBeNull()
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])
  })
})
