import { screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Overview } from '@contract/overview'
import { loadTexts, mockApi, renderPage } from '@web/test/render'
import { OverviewPage } from './overview-page'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

const serve = (overview: Overview) =>
  mockApi(({ method, path }) => (method === 'GET' && path === '/overview' ? { body: overview } : undefined))

beforeAll(() => loadTexts(['overview']))
afterEach(() => vi.unstubAllGlobals())

describe('overview', () => {
  it('shows the three counters and, per item, the next player or "Sem jogador na fila"', async () => {
    serve({
      itemCount: 12,
      activePlayerCount: 1234,
      distributedCount: 5,
      nextUp: [
        {
          itemId: crypto.randomUUID(),
          itemName: 'Espada',
          rarity: 'legendary',
          player: { id: crypto.randomUUID(), name: 'Aria' },
        },
        { itemId: crypto.randomUUID(), itemName: 'Escudo', rarity: null, player: null },
      ],
    })
    renderPage(<OverviewPage />)
    const counters = await screen.findByRole('region', { name: 'Números da guild' })
    expect(await within(counters).findByText('12')).toBeTruthy()
    expect(within(counters).getByText('1.234')).toBeTruthy()
    expect(within(counters).getByText('5')).toBeTruthy()
    expect(screen.getByText('Próximos a Pegar')).toBeTruthy()
    const sword = screen.getByText('Espada').closest('li') as HTMLElement
    expect(within(sword).getByText('Aria')).toBeTruthy()
    const shield = screen.getByText('Escudo').closest('li') as HTMLElement
    expect(within(shield).getByText('Sem jogador na fila')).toBeTruthy()
  })

  it('has an empty state when there is nothing to list', async () => {
    serve({ itemCount: 0, activePlayerCount: 0, distributedCount: 0, nextUp: [] })
    renderPage(<OverviewPage />)
    expect(await screen.findByText('Nenhum jogador na fila')).toBeTruthy()
  })
})
