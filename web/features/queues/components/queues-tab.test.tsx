import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { item } from '@web/test/factories'
import { loadTexts, renderPage } from '@web/test/render'
import { QueuesTab } from './queues-tab'

// docs/product-rules.md, "Items": the queues tab's list of items has the items tab's search and rarity filter.

beforeAll(() => loadTexts(['items']))

describe("queues tab's list of items", () => {
  const sword = item({ name: 'Espada Flamejante', rarity: 'legendary' })
  const shield = item({ name: 'Escudo', rarity: 'rare' })
  const ring = item({ name: 'Anel de Fogo', rarity: 'legendary' })

  it('filters by rarity, and by rarity and search together, with its own empty text', async () => {
    renderPage(<QueuesTab items={[sword, shield, ring]} selected={null} onSelect={vi.fn()} />)
    const list = await screen.findByRole('list', { name: 'Itens' })
    const names = () =>
      within(list)
        .getAllByRole('button')
        .map((b) => b.firstElementChild?.textContent)
    expect(names()).toEqual(['Espada Flamejante', 'Escudo', 'Anel de Fogo'])

    fireEvent.click(screen.getByRole('combobox', { name: 'Raridade' }))
    fireEvent.click(await screen.findByRole('option', { name: 'Lendário' }))
    await waitFor(() => expect(names()).toEqual(['Espada Flamejante', 'Anel de Fogo']))

    fireEvent.change(screen.getByRole('searchbox', { name: 'Filtrar itens' }), { target: { value: 'fogo' } })
    await waitFor(() => expect(names()).toEqual(['Anel de Fogo']))
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filtrar itens' }), {
      target: { value: 'escudo' },
    })
    expect(await screen.findByText('Nenhum item encontrado com os filtros atuais.')).toBeTruthy()
  })
})
