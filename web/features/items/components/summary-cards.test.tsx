import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { loadTexts, mockApi, renderPage } from '@web/test/render'
import { SummaryCards } from './summary-cards'

// Issue 14, item 8: each figure's label says exactly what it counts. The server counts epic and legendary
// items for `rareItems` (server/modules/items/items.queries.ts), so the label names those two rarities.

const labels = {
  pt: ['Total de itens', 'Jogadores nas filas', 'Itens épicos ou lendários', 'Distribuídos hoje'],
  en: ['Total items', 'Players in queues', 'Epic or legendary items', 'Distributed today'],
} as const

describe.each(['pt', 'en'] as const)('items summary (%s)', (language) => {
  it('labels each figure by what it counts', async () => {
    await loadTexts(['items'], language)
    mockApi(({ path }) =>
      path.startsWith('/items-summary')
        ? { body: { totalItems: 9, playersInQueues: 7, rareItems: 2, distributedToday: 1 } }
        : undefined,
    )
    renderPage(<SummaryCards />)
    const region = screen.getByRole('region')
    expect(await within(region).findByText('2')).toBeTruthy()
    const [total, players, rare, today] = labels[language]
    for (const [label, value] of [
      [total, '9'],
      [players, '7'],
      [rare, '2'],
      [today, '1'],
    ] as const) {
      const card = within(region).getByText(label).closest('[class*="rounded"]') as HTMLElement
      expect(within(card).getByText(value)).toBeTruthy()
    }
  })
})
