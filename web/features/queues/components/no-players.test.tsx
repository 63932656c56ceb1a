import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { toast } from 'sonner'
import { describe, expect, it, vi } from 'vitest'
import type { Player } from '@contract/players'
import { ITEM_ID, item, view } from '@web/test/factories'
import { loadTexts, mockApi, renderRoutes } from '@web/test/render'
import { QueuePanel } from './queue-panel'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

// A guild with nobody who could join a queue is not "everyone is in already": the panel says what to do
// first and leads to the players page.

const sword = item({ id: ITEM_ID, name: 'Espada' })

const benched: Player = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Aria',
  notes: null,
  playerStatus: 'inactive',
  isActive: false,
  rankId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
}

const texts = {
  pt: {
    addAll: 'Adicionar todos',
    addPlayer: 'Adicionar jogador',
    none: 'Sua guild ainda não tem jogadores',
    noneActive: 'Nenhum jogador da guild está ativo',
    goToPlayers: 'Ir para jogadores',
    allQueued: 'Todos os jogadores já estão na fila.',
    noneAvailable: 'Todos os jogadores ativos já estão nesta fila.',
  },
  en: {
    addAll: 'Add all',
    addPlayer: 'Add player',
    none: 'Your guild has no players yet',
    noneActive: 'No player in your guild is active',
    goToPlayers: 'Go to players',
    allQueued: 'All players are already in the queue.',
    noneAvailable: 'Every active player is already in this queue.',
  },
} as const

async function open(players: Player[]) {
  const calls = mockApi((call) => {
    if (call.method === 'GET' && call.path === `/items/${ITEM_ID}/queue`) return { body: view([]) }
    if (call.method === 'GET' && call.path === '/players') return { body: { players } }
    return undefined
  })
  const page = renderRoutes(
    [
      { path: '/dashboard/items', element: <QueuePanel item={sword} /> },
      { path: '/dashboard/players', element: <p>players page</p> },
    ],
    '/dashboard/items',
  )
  await waitFor(() => expect(calls.some((c) => c.path === '/players')).toBe(true))
  await waitFor(() => expect(page.queryClient.getQueryData(['players'])).toBeDefined())
  return { calls, page }
}

describe.each(['pt', 'en'] as const)('a queue in a guild without players (%s)', (language) => {
  const words = texts[language]

  it('"add all" says the guild has no players yet, sends nothing, and its action opens the players page', async () => {
    await loadTexts(['items'], language)
    const { calls, page } = await open([])
    fireEvent.click(await screen.findByRole('button', { name: words.addAll }))
    await waitFor(() => expect(toast.info).toHaveBeenCalled())
    const [title, options] = vi.mocked(toast.info).mock.calls[0]!
    expect(title).toBe(words.none)
    expect(title).not.toBe(words.allQueued)
    const action = (options as { action: { label: string; onClick: () => void } }).action
    expect(action.label).toBe(words.goToPlayers)
    action.onClick()
    await waitFor(() => expect(page.router.state.location.pathname).toBe('/dashboard/players'))
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })

  it('"add player" says the guild has no players yet and links to the players page', async () => {
    await loadTexts(['items'], language)
    await open([])
    fireEvent.click(await screen.findByRole('button', { name: words.addPlayer }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(words.none)).toBeTruthy()
    expect(within(dialog).queryByText(words.noneAvailable)).toBeNull()
    expect(within(dialog).getByRole('link', { name: words.goToPlayers }).getAttribute('href')).toBe(
      '/dashboard/players',
    )
  })

  it('with players but none active, says so instead of "everyone is in"', async () => {
    await loadTexts(['items'], language)
    await open([benched])
    fireEvent.click(await screen.findByRole('button', { name: words.addPlayer }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(words.noneActive)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: words.addAll, hidden: true }))
    await waitFor(() => expect(toast.info).toHaveBeenCalledWith(words.noneActive, expect.anything()))
  })
})
