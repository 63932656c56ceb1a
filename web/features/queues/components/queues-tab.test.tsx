import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { Item } from '@contract/items'
import { item, view } from '@web/test/factories'
import { loadTexts, mockApi, renderPage } from '@web/test/render'
import { QueuesTab } from './queues-tab'

// docs/product-rules.md, "Items": the queues tab's list of items has the items tab's search and rarity filter.

beforeAll(() => loadTexts(['items']))

/** The tab as the page holds it: the chosen item is its state (the page keeps it in the address). */
function Choosing({ items }: { items: Item[] }) {
  const [selected, setSelected] = useState(items[0]!)
  return <QueuesTab items={items} selected={selected} onSelect={setSelected} />
}

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

  // The popover says the note goes with the next action in this queue: switching items must not carry it,
  // nor lose it (an outside test, 2026-12-07: gone after a visit to another queue).
  it("keeps a note typed on one item's queue off another item's, and for its own when the officer comes back", async () => {
    mockApi((call) => {
      if (call.method === 'GET' && call.path.endsWith('/queue')) return { body: view([]) }
      if (call.method === 'GET' && call.path === '/players') return { body: { players: [] } }
    })
    renderPage(<Choosing items={[sword, shield]} />)
    fireEvent.click(
      await screen.findByRole('button', { name: 'Nota para a próxima ação na fila de Espada Flamejante' }),
    )
    fireEvent.change(await screen.findByLabelText('Nota da próxima ação'), {
      target: { value: 'ganhou a rolagem' },
    })
    expect(await screen.findByText('Nota da próxima ação:')).toBeTruthy()
    fireEvent.click(within(screen.getByRole('list', { name: 'Itens' })).getByText('Escudo'))
    await screen.findByRole('button', { name: 'Nota para a próxima ação na fila de Escudo' })
    expect(screen.queryByText('Nota da próxima ação:')).toBeNull()
    fireEvent.click(within(screen.getByRole('list', { name: 'Itens' })).getByText('Espada Flamejante'))
    const line = (await screen.findByText('Nota da próxima ação:')).parentElement!
    expect(line.textContent).toContain('ganhou a rolagem')
  })

  // The list scrolls (overflow): an outer focus ring was cut at its edges, the first item's at the top.
  it('draws the focus ring of an item inside its button, where the scroll box cannot cut it', async () => {
    renderPage(<QueuesTab items={[sword, shield]} selected={null} onSelect={vi.fn()} />)
    const list = await screen.findByRole('list', { name: 'Itens' })
    expect(list.className.split(' ')).toContain('overflow-y-auto')
    for (const button of within(list).getAllByRole('button'))
      expect(button.className.split(' ')).toEqual(
        expect.arrayContaining(['focus-visible:ring-2', 'focus-visible:ring-inset']),
      )
  })
})
