import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { ITEM_NAME_MAX, type Item } from '@contract/items'
import { item } from '@web/test/factories'
import { type ApiCall, describedAs, loadTexts, mockApi, renderPage } from '@web/test/render'
import { ItemsPage } from './items-page'
import { waitForToast } from '@web/test/toasts'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

const SUMMARY = { totalItems: 3, playersInQueues: 7, rareItems: 2, distributedToday: 1 }

function serve(
  items: Item[],
  extra: (call: ApiCall) => { status?: number; body?: unknown } | undefined = () => undefined,
) {
  return mockApi((call) => {
    if (call.method === 'GET' && call.path === '/items') return { body: { items } }
    if (call.method === 'GET' && call.path.startsWith('/items-summary?todayStart=')) return { body: SUMMARY }
    return extra(call)
  })
}

beforeAll(() => loadTexts(['items']))

describe('items screen, items tab', () => {
  const sword = item({
    name: 'Espada Flamejante',
    description: 'Queima inimigos',
    rarity: 'legendary',
    queueCount: 4,
  })
  const shield = item({ name: 'Escudo', rarity: 'rare', itemType: 'Armadura' })
  const ring = item({ name: 'Anel', description: 'Um anel de FOGO', rarity: 'common' })

  it('shows the four summary cards, the columns, an empty mark for a missing type and the legendary icon', async () => {
    const calls = serve([sword, shield, ring])
    renderPage(<ItemsPage actions={null} queuesTab={() => null} />)
    const table = await screen.findByRole('table', { name: 'Itens da guild' })
    const summary = screen.getByRole('region', { name: 'Resumo dos itens' })
    for (const [label, value] of [
      ['Total de itens', '3'],
      ['Jogadores nas filas', '7'],
      ['Itens épicos ou lendários', '2'],
      ['Distribuídos hoje', '1'],
    ]) {
      const card = within(summary).getByText(label!).closest('.rounded-xl') as HTMLElement
      expect(await within(card).findByText(value!)).toBeTruthy()
    }
    // The browser's own midnight, as an ISO instant.
    const todayStart = new URL(
      `http://x${calls.find((c) => c.path.startsWith('/items-summary'))!.path}`,
    ).searchParams.get('todayStart')!
    expect(new Date(todayStart).getHours()).toBe(0)

    const swordRow = within(table).getByText('Espada Flamejante').closest('tr')!
    expect(within(swordRow).getAllByText('Lendário')[0]!.querySelector('svg')).not.toBeNull()
    expect(within(swordRow).getByText('—')).toBeTruthy()
    expect(within(swordRow).getAllByText('4')).toHaveLength(1)
    expect(within(swordRow).getByText('4 jogadores na fila')).toBeTruthy()
    const shieldRow = within(table).getByText('Escudo').closest('tr')!
    expect(within(shieldRow).getByText('Armadura')).toBeTruthy()
    expect(within(shieldRow).getAllByText('Raro')[0]!.querySelector('svg')).toBeNull()
  })

  it('searches name or description without case and filters by rarity, with its own empty text', async () => {
    serve([sword, shield, ring])
    renderPage(<ItemsPage actions={null} queuesTab={() => null} />)
    const table = await screen.findByRole('table', { name: 'Itens da guild' })
    fireEvent.change(screen.getByPlaceholderText('Buscar por nome ou descrição…'), {
      target: { value: 'fogo' },
    })
    await waitFor(() => expect(within(table).queryByText('Escudo')).toBeNull())
    expect(within(table).getByText('Anel')).toBeTruthy()
    expect(within(table).queryByText('Espada Flamejante')).toBeNull()

    fireEvent.change(screen.getByPlaceholderText('Buscar por nome ou descrição…'), {
      target: { value: 'zzz' },
    })
    expect(await screen.findByText('Nenhum item encontrado com os filtros atuais.')).toBeTruthy()
    expect(screen.queryByText(/Nenhum item cadastrado ainda/)).toBeNull()
  })

  it('searches name and description with or without their accents', async () => {
    const blade = item({ name: 'Lâmina do Dragão', description: 'Forjada em ébano', rarity: 'epic' })
    const naive = item({ name: 'Naïve Crown', rarity: 'rare' })
    serve([blade, naive, shield])
    renderPage(<ItemsPage actions={null} queuesTab={() => null} />)
    const table = await screen.findByRole('table', { name: 'Itens da guild' })
    const search = screen.getByPlaceholderText('Buscar por nome ou descrição…')
    for (const [typed, found] of [
      ['lamina', 'Lâmina do Dragão'],
      ['DRAGAO', 'Lâmina do Dragão'],
      ['ebano', 'Lâmina do Dragão'],
      ['LÂMINA', 'Lâmina do Dragão'],
      ['naive', 'Naïve Crown'],
    ] as const) {
      fireEvent.change(search, { target: { value: typed } })
      await waitFor(() => expect(within(table).queryByText('Escudo')).toBeNull())
      expect(within(table).getByText(found)).toBeTruthy()
      expect(within(table).getAllByRole('row')).toHaveLength(2)
    }
  })

  it('has a different empty text when the guild has no items at all', async () => {
    serve([])
    renderPage(<ItemsPage actions={null} queuesTab={() => null} />)
    expect(
      await screen.findByText('Nenhum item cadastrado ainda. Adicione o primeiro item da guild.'),
    ).toBeTruthy()
  })

  it('selects an item by clicking its row and keeps it in the address', async () => {
    serve([sword, shield])
    const { router } = renderPage(<ItemsPage actions={null} queuesTab={() => null} />)
    const table = await screen.findByRole('table', { name: 'Itens da guild' })
    fireEvent.click(within(table).getByText('Armadura'))
    await waitFor(() => expect(router.state.location.search).toContain(`item=${shield.id}`))
    expect(within(table).getByRole('button', { name: 'Escudo' }).getAttribute('aria-pressed')).toBe('true')
    expect(
      within(table).getByRole('button', { name: 'Espada Flamejante' }).getAttribute('aria-pressed'),
    ).toBe('false')
  })

  // An outside test (2026-12-07): Back from a queue left the items page, as every choice replaced the last.
  it('makes each tab and item chosen a step that Back returns to', async () => {
    serve([sword, shield])
    const { router } = renderPage(
      <ItemsPage
        actions={null}
        queuesTab={({ items, onSelect }) =>
          items.map((each) => (
            <button key={each.id} type="button" onClick={() => onSelect(each)}>
              {each.name}
            </button>
          ))
        }
      />,
      '/dashboard/items',
    )
    await screen.findByRole('table', { name: 'Itens da guild' })
    const search = () => router.state.location.search
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Filas' }))
    await waitFor(() => expect(search()).toBe('?tab=queues'))
    const queues = screen.getByRole('tabpanel', { name: 'Filas' })
    fireEvent.click(within(queues).getByRole('button', { name: 'Espada Flamejante' }))
    await waitFor(() => expect(search()).toBe(`?tab=queues&item=${sword.id}`))
    // The same item again is no new step.
    fireEvent.click(within(queues).getByRole('button', { name: 'Espada Flamejante' }))
    fireEvent.click(within(queues).getByRole('button', { name: 'Escudo' }))
    await waitFor(() => expect(search()).toBe(`?tab=queues&item=${shield.id}`))

    for (const before of [`?tab=queues&item=${sword.id}`, '?tab=queues', '']) {
      await act(() => router.navigate(-1))
      expect(search()).toBe(before)
    }
    expect(screen.getByRole('tab', { name: 'Itens' }).getAttribute('aria-selected')).toBe('true')
  })

  it('toggles public visibility at once and confirms with a toast', async () => {
    const calls = serve([shield], ({ method, path, body }) =>
      method === 'PATCH' && path === `/items/${shield.id}`
        ? { body: { ...shield, ...(body as object) } }
        : undefined,
    )
    renderPage(<ItemsPage actions={null} queuesTab={() => null} />)
    const toggle = await screen.findByRole('switch', { name: 'Mostrar Escudo na página pública' })
    expect(toggle.getAttribute('aria-checked')).toBe('true')
    fireEvent.click(toggle)
    await waitForToast('success', 'Item oculto da página pública')
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ isPublicVisible: false })
  })

  it('trims the new item and sends empty fields as null; deleting needs the confirmation', async () => {
    const items: Item[] = [shield]
    const calls = serve(items, ({ method, path, body }) => {
      if (method === 'POST' && path === '/items') {
        items.push(item({ name: (body as { name: string }).name }))
        return { status: 201, body: items.at(-1) }
      }
      if (method === 'DELETE') return { status: 204 }
    })
    renderPage(<ItemsPage actions={null} queuesTab={() => null} />)
    await screen.findByRole('table', { name: 'Itens da guild' })
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar item' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.change(within(dialog).getByLabelText('Nome do item'), { target: { value: '   ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }))
    expect(await within(dialog).findByText('O nome do item é obrigatório.')).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText('Nome do item'), { target: { value: '  Elmo  ' } })
    expect(describedAs(within(dialog).getByLabelText('Nome do item'))).toContain(
      `Restam ${ITEM_NAME_MAX - 8} caracteres.`,
    )
    fireEvent.change(within(dialog).getByLabelText('Tipo'), { target: { value: '   ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }))
    await waitForToast('success', 'Item adicionado com sucesso!')
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Elmo',
      description: null,
      rarity: null,
      itemType: null,
    })

    fireEvent.click(await screen.findByRole('button', { name: 'Excluir Escudo' }))
    const confirm = await screen.findByRole('alertdialog')
    expect(
      within(confirm).getByText(
        /Tem certeza que deseja excluir o item "Escudo"\?.*Esta ação não pode ser desfeita\./,
      ),
    ).toBeTruthy()
    fireEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }))
    await waitForToast('success', 'Item excluído com sucesso!')
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/items/${shield.id}`])
  })

  it("sets an item's minimum rank in the dialog's select, and lifts it with “anyone”", async () => {
    const RAIDER = '00000000-0000-4000-8000-0000000000c1'
    const ranks = [
      { id: RAIDER, name: 'Raider', level: 0, playerCount: 2 },
      { id: '00000000-0000-4000-8000-0000000000c2', name: 'Trial', level: 1, playerCount: 1 },
    ]
    const guarded = item({ name: 'Lendária', minRankId: RAIDER })
    const items: Item[] = [guarded]
    const calls = serve(items, ({ method, path, body }) => {
      if (method === 'GET' && path === '/ranks') return { body: { ranks } }
      if (method === 'POST' && path === '/items') {
        items.push(item({ ...(body as Partial<Item>) }))
        return { status: 201, body: items.at(-1) }
      }
      if (method === 'PATCH') return { body: { ...guarded, ...(body as Partial<Item>) } }
    })
    renderPage(<ItemsPage actions={null} queuesTab={() => null} />)
    await screen.findByRole('table', { name: 'Itens da guild' })
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar item' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.change(within(dialog).getByLabelText('Nome do item'), { target: { value: 'Elmo' } })
    const select = await within(dialog).findByRole('combobox', { name: 'Cargo mínimo' })
    expect(select.textContent).toBe('Qualquer um (sem mínimo)')
    fireEvent.click(select)
    fireEvent.click(await screen.findByRole('option', { name: 'Só Raider e acima recebem este item' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }))
    await waitForToast('success', 'Item adicionado com sucesso!')
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'Elmo', minRankId: RAIDER })

    fireEvent.click(await screen.findByRole('button', { name: 'Editar Lendária' }))
    const editing = await screen.findByRole('dialog')
    const current = within(editing).getByRole('combobox', { name: 'Cargo mínimo' })
    expect(current.textContent).toBe('Só Raider e acima recebem este item')
    fireEvent.click(current)
    fireEvent.click(await screen.findByRole('option', { name: 'Qualquer um (sem mínimo)' }))
    fireEvent.click(within(editing).getByRole('button', { name: 'Salvar' }))
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ minRankId: null }),
    )
  })

  // An outside tester: an item's minimum rank was seen only in its dialog. The list names it, in a column on a
  // desktop and under the name on a phone; a guild without ranks gets no column.
  it('names each item’s minimum rank in the list once the guild has ranks', async () => {
    const RAIDER = '00000000-0000-4000-8000-0000000000c1'
    const ranks = [{ id: RAIDER, name: 'Raider', level: 0, playerCount: 2 }]
    serve([item({ name: 'Lendária', minRankId: RAIDER }), item({ name: 'Comum' })], ({ method, path }) =>
      method === 'GET' && path === '/ranks' ? { body: { ranks } } : undefined,
    )
    renderPage(<ItemsPage actions={null} queuesTab={() => null} />)
    const table = await screen.findByRole('table', { name: 'Itens da guild' })
    expect(await within(table).findByRole('columnheader', { name: 'Cargo mínimo' })).toBeTruthy()
    const guarded = within(table).getByText('Lendária').closest('tr')!
    // The column's badge and the phone's, under the name: each says it in words to a screen reader.
    expect(
      within(guarded)
        .getAllByTestId('min-rank')
        .map((b) => b.textContent),
    ).toEqual(['Só Raider e acima recebemRaider e acima', 'Só Raider e acima recebemRaider e acima'])
    const open = within(table).getByText('Comum').closest('tr')!
    expect(within(open).queryByTestId('min-rank')).toBeNull()
    expect(within(open).getByText('Qualquer um')).toBeTruthy()
  })

  it('shows no minimum-rank column to a guild without ranks', async () => {
    serve([item({ name: 'Comum' })], ({ method, path }) =>
      method === 'GET' && path === '/ranks' ? { body: { ranks: [] } } : undefined,
    )
    renderPage(<ItemsPage actions={null} queuesTab={() => null} />)
    const table = await screen.findByRole('table', { name: 'Itens da guild' })
    expect(within(table).queryByRole('columnheader', { name: 'Cargo mínimo' })).toBeNull()
  })
})
