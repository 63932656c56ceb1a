import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ActivityRow, HistoryStats, LootHistoryRow } from '@contract/history'
import type { RaidNight } from '@contract/raid-nights'
import { type ApiCall, loadTexts, mockApi, readerOn, renderPage } from '@web/test/render'
import { HistoryPage } from './history-page'
import { SEARCH_DEBOUNCE_MS } from './history-toolbar'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

const STATS: HistoryStats = { totalDistributed: 45, distinctPlayers: 7, epicOrLegendary: 12, activeDays: 9 }

const lootRow = (i: number, extra: Partial<LootHistoryRow> = {}): LootHistoryRow => ({
  id: crypto.randomUUID(),
  itemId: null,
  itemName: `Item ${i}`,
  itemRarity: 'rare',
  itemType: null,
  playerId: null,
  playerName: `Player ${i}`,
  previousQueuePosition: i,
  distributedByName: null,
  distributedByFormer: false,
  notes: null,
  distributedAt: '2024-05-10T15:00:00.000Z',
  eventId: null,
  ...extra,
})

const activityRow = (extra: Partial<ActivityRow> = {}): ActivityRow => ({
  id: crypto.randomUUID(),
  userName: 'Ágata',
  author: 'member',
  actionType: 'ITEM_RECEIVED',
  tableName: 'player_queues',
  recordId: null,
  description: 'Espada entregue a Thrall',
  note: null,
  notePrivate: false,
  createdAt: '2024-05-10T15:00:00.000Z',
  eventId: null,
  undone: false,
  ...extra,
})

const me = (role: 'guild_admin' | 'guild_member') => ({
  user: { id: 'u1', email: 'a@example.com', name: 'Ana' },
  profile: { role },
  guild: null,
  subscription: null,
})

type Server = {
  role?: 'guild_admin' | 'guild_member'
  error?: { status: number; code: string }
  loot?: (query: URLSearchParams) => { rows: LootHistoryRow[]; total: number }
  activity?: (query: URLSearchParams) => { rows: ActivityRow[]; total: number }
  /** The raid nights the event filter offers (GET /raid-nights), and any other one by id. */
  nights?: { upcoming: RaidNight[]; past: RaidNight[]; older?: RaidNight[] }
}

/** A stand-in for the history API: pages of 20 from `loot` and `activity`. */
function serve({ role = 'guild_member', error, loot, activity, nights }: Server) {
  return mockApi(({ path }: ApiCall) => {
    const [route, search] = path.split('?')
    const query = new URLSearchParams(search)
    const page = Number(query.get('page') ?? 1)
    if (route === '/me') return { body: me(role) }
    if (error) return { status: error.status, body: { error: { code: error.code, message: error.code } } }
    if (route === '/history/stats') return { body: STATS }
    if (route === '/history/loot')
      return { body: { ...(loot?.(query) ?? { rows: [], total: 0 }), page, pageSize: 20 } }
    if (route === '/history/activity')
      return { body: { ...(activity?.(query) ?? { rows: [], total: 0 }), page, pageSize: 20 } }
    if (nights && route === '/raid-nights') {
      const list = query.get('when') === 'past' ? nights.past : nights.upcoming
      return { body: { timeZone: 'America/Sao_Paulo', nights: list, total: list.length } }
    }
    const older = nights?.older?.find((n) => route === `/raid-nights/${n.id}`)
    if (older)
      return {
        body: {
          ...older,
          timeZone: 'America/Sao_Paulo',
          attendanceRows: [],
          awardRows: [],
          previousId: null,
        },
      }
    return undefined
  })
}

const requests = (calls: ApiCall[], route: string) =>
  calls.filter((c) => c.path.startsWith(route)).map((c) => new URLSearchParams(c.path.split('?')[1]))

beforeAll(() => loadTexts(['history']))
afterEach(() => {
  vi.useRealTimers()
})

describe('history page', () => {
  it('shows the Premium fallback when the server answers 402', async () => {
    serve({ role: 'guild_admin', error: { status: 402, code: 'SUBSCRIPTION_REQUIRED' } })
    renderPage(<HistoryPage />)
    expect(await screen.findByText('Histórico Premium')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Ver assinatura' }).getAttribute('href')).toBe(
      '/dashboard/subscription',
    )
    expect(screen.queryByRole('tab')).toBeNull()
    expect(toast.error).not.toHaveBeenCalled()
  })

  it('tells a user without a guild that they are not associated with one', async () => {
    serve({ error: { status: 403, code: 'NO_GUILD' } })
    renderPage(<HistoryPage />)
    expect(await screen.findByText(/não está associado a nenhuma guild/)).toBeTruthy()
    expect(screen.queryByText('Histórico Premium')).toBeNull()
  })

  it('shows the four stats and a page of loot with rarity, #position or an empty mark, and pages on', async () => {
    const all = Array.from({ length: 45 }, (_, i) => lootRow(i + 1))
    all[0] = lootRow(1, {
      itemName: 'Coroa do Rei',
      itemRarity: 'legendary',
      previousQueuePosition: null,
      notes: 'Ganhou a rolagem',
    })
    const calls = serve({
      loot: (q) => {
        const page = Number(q.get('page') ?? 1)
        return { rows: all.slice((page - 1) * 20, page * 20), total: all.length }
      },
    })
    const { router } = renderPage(<HistoryPage />)
    const stats = await screen.findByRole('region', { name: 'Resumo do histórico' })
    expect(await within(stats).findByText('45')).toBeTruthy()
    for (const value of ['7', '12', '9']) expect(within(stats).getByText(value)).toBeTruthy()

    const table = await screen.findByRole('table', { name: /Itens distribuídos/ })
    const crown = within(table).getByText('Coroa do Rei').closest('tr') as HTMLElement
    // Rarity, note and date are in their columns, and on a phone under the item (CSS shows one of each).
    expect(within(crown).getAllByText('Lendário')).toHaveLength(2)
    expect(within(crown).getAllByTestId('legendary-icon')).toHaveLength(2)
    expect(within(crown).getByText('—')).toBeTruthy()
    expect(within(crown).getAllByText('Ganhou a rolagem')).toHaveLength(2)
    expect(within(crown).getAllByText(/^10\/05\/2024, \d{2}:\d{2}$/)).toHaveLength(2)
    expect(within(table).getByText('#2')).toBeTruthy()
    expect(screen.getByText('Mostrando 1-20 de 45 registros')).toBeTruthy()
    expect(screen.getByText('Página 1 de 3')).toBeTruthy()
    expect((screen.getByRole('button', { name: /Anterior/ }) as HTMLButtonElement).disabled).toBe(true)

    fireEvent.click(screen.getByRole('button', { name: /Próxima/ }))
    expect(await screen.findByText('Mostrando 21-40 de 45 registros')).toBeTruthy()
    expect(screen.getByText('Página 2 de 3')).toBeTruthy()
    expect(router.state.location.search).toBe('?page=2')
    fireEvent.click(screen.getByRole('button', { name: /Próxima/ }))
    expect(await screen.findByText('Mostrando 41-45 de 45 registros')).toBeTruthy()
    expect((screen.getByRole('button', { name: /Próxima/ }) as HTMLButtonElement).disabled).toBe(true)
    expect(requests(calls, '/history/loot').map((q) => q.get('page'))).toEqual(['1', '2', '3'])
  })

  it('hides the pagination when everything fits on one page', async () => {
    serve({ loot: () => ({ rows: [lootRow(1)], total: 1 }) })
    renderPage(<HistoryPage />)
    await screen.findByText('Item 1')
    expect(screen.queryByText(/Mostrando/)).toBeNull()
    expect(screen.queryByRole('navigation', { name: 'Paginação' })).toBeNull()
  })

  it('searches after a pause in typing and goes back to page 1', async () => {
    const calls = serve({ loot: () => ({ rows: [lootRow(1)], total: 60 }) })
    const { router } = renderPage(<HistoryPage />, '/?page=3')
    await screen.findByText('Página 3 de 3')
    fireEvent.change(screen.getByLabelText('Buscar'), { target: { value: 'Thrall' } })
    await waitFor(() => expect(router.state.location.search).toBe('?q=Thrall'), {
      timeout: SEARCH_DEBOUNCE_MS + 1000,
    })
    await waitFor(() => expect(requests(calls, '/history/loot').at(-1)?.get('search')).toBe('Thrall'))
    expect(requests(calls, '/history/loot').at(-1)?.get('page')).toBe('1')
    expect(await screen.findByText('Página 1 de 3')).toBeTruthy()
  })

  it('filters by rarity from the address and clears back to page 1 when the tab changes', async () => {
    const calls = serve({
      loot: (q) => ({ rows: [lootRow(1, { itemRarity: (q.get('rarity') as 'epic') ?? 'rare' })], total: 50 }),
      activity: () => ({
        rows: [
          activityRow(),
          activityRow({ userName: null, author: 'system', actionType: 'SUBSCRIPTION_ACTIVATED' }),
          activityRow({ userName: 'Bia', author: 'former_member', actionType: 'PLAYER_PENALIZED' }),
          activityRow({ actionType: 'QUEUE_UNDO', description: 'Espada · PLAYER_ABSENT' }),
        ],
        total: 3,
      }),
    })
    const { router } = renderPage(<HistoryPage />, '/?rarity=epic&page=2&q=orb')
    await screen.findByText('Página 2 de 3')
    expect(requests(calls, '/history/loot')[0]?.toString()).toBe('page=2&search=orb&rarity=epic')
    expect(screen.getByRole('combobox', { name: 'Raridade' }).textContent).toContain('Épico')

    const tab = screen.getByRole('tab', { name: 'Registro de atividades' })
    fireEvent.mouseDown(tab)
    act(() => tab.focus())
    fireEvent.click(tab)
    await waitFor(() => expect(router.state.location.search).toBe('?tab=activity&q=orb&rarity=epic'))
    const table = await screen.findByRole('table', { name: /Ações registradas/ })
    expect(requests(calls, '/history/activity')[0]?.toString()).toBe('page=1&search=orb')
    // The action's column, and on a phone under the user (CSS shows one of them).
    expect(within(table).getAllByText('Item recebido')).toHaveLength(2)
    // Billing events are the system's; a member who left keeps their name, marked (issue 43, point 2).
    expect(within(table).getByText('Sistema')).toBeTruthy()
    expect(within(table).getByText('Bia (ex-membro)')).toBeTruthy()
    expect(within(table).getAllByText('Penalidade aplicada')).toHaveLength(2)
    // An undo's description names the undone action translated, never by its code.
    expect(within(table).getByText('Espada · Jogador ausente')).toBeTruthy()
    expect(within(table).queryByText(/PLAYER_ABSENT/)).toBeNull()
    expect(screen.queryByRole('combobox', { name: 'Raridade' })).toBeNull()
  })

  it('changes the rarity filter from the list, back to page 1', async () => {
    const calls = serve({ loot: () => ({ rows: [lootRow(1)], total: 50 }) })
    const { router } = renderPage(<HistoryPage />, '/?page=2')
    await screen.findByText('Página 2 de 3')
    const trigger = screen.getByRole('combobox', { name: 'Raridade' })
    expect(trigger.textContent).toContain('Todas as raridades')
    act(() => trigger.focus())
    fireEvent.keyDown(trigger, { key: 'Enter' })
    fireEvent.click(await screen.findByRole('option', { name: 'Lendário' }))
    await waitFor(() => expect(router.state.location.search).toBe('?rarity=legendary'))
    await waitFor(() =>
      expect(requests(calls, '/history/loot').at(-1)?.toString()).toBe('page=1&rarity=legendary'),
    )
  })

  it('has an empty state for no distributions, for a search without results and for no activity', async () => {
    serve({})
    const { router } = renderPage(<HistoryPage />)
    expect(await screen.findByText('Nenhum item distribuído ainda')).toBeTruthy()
    await act(() => router.navigate('/?q=zzz'))
    expect(await screen.findByText('Nenhum resultado encontrado')).toBeTruthy()
    await act(() => router.navigate('/?tab=activity'))
    expect(await screen.findByText('Nenhuma atividade registrada ainda.')).toBeTruthy()
  })

  it('offers the CSV export to admins only', async () => {
    serve({ role: 'guild_member', loot: () => ({ rows: [lootRow(1)], total: 1 }) })
    const member = renderPage(<HistoryPage />)
    await screen.findByText('Item 1')
    expect(screen.queryByRole('button', { name: /Exportar CSV/ })).toBeNull()
    member.unmount()

    serve({ role: 'guild_admin', loot: () => ({ rows: [lootRow(1)], total: 1 }) })
    renderPage(<HistoryPage />)
    expect(
      await screen.findByRole('button', { name: /Exportar CSV do histórico de distribuição/ }),
    ).toBeTruthy()
  })

  it('filters the loot and the activity by event, offered newest first, and exports only its rows', async () => {
    readerOn('America/Sao_Paulo')
    const thursday = night('Raid de quinta', '2026-12-10')
    const nextThursday = night('Raid de quinta', '2026-12-17')
    const lastWeek = night('Raid de sábado', '2026-12-05')
    const calls = serve({
      role: 'guild_admin',
      nights: { upcoming: [thursday, nextThursday], past: [lastWeek] },
      loot: () => ({ rows: [lootRow(1)], total: 1 }),
      activity: () => ({ rows: [activityRow()], total: 1 }),
    })
    const fetchMock = vi.mocked(fetch)
    const { router } = renderPage(<HistoryPage />)
    await screen.findByText('Item 1')
    const trigger = await screen.findByRole('combobox', { name: 'Evento' })
    expect(trigger.textContent).toContain('Todos os eventos')
    act(() => trigger.focus())
    fireEvent.keyDown(trigger, { key: 'Enter' })
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Todos os eventos',
      'Raid de quinta · qui., 17/12/2026',
      'Raid de quinta · qui., 10/12/2026',
      'Raid de sábado · sáb., 05/12/2026',
    ])
    fireEvent.click(screen.getByRole('option', { name: 'Raid de quinta · qui., 10/12/2026' }))
    await waitFor(() => expect(router.state.location.search).toBe(`?event=${thursday.id}`))
    await waitFor(() => expect(requests(calls, '/history/loot').at(-1)?.get('eventId')).toBe(thursday.id))

    // The event stays chosen on the activity tab, and in its CSV.
    await act(() => router.navigate(`/?tab=activity&event=${thursday.id}`))
    await waitFor(() => expect(requests(calls, '/history/activity').at(-1)?.get('eventId')).toBe(thursday.id))
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    URL.createObjectURL = () => 'blob:csv'
    URL.revokeObjectURL = () => {}
    fireEvent.click(screen.getByRole('button', { name: /Exportar CSV do registro de atividades/ }))
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/v1/history/activity.csv')),
      ).toBe(true),
    )
    const csv = fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.includes('activity.csv'))!
    expect(new URL(csv, 'http://x').searchParams.get('eventId')).toBe(thursday.id)
  })

  it('names an older event linked from its page, which the list of recent ones does not hold', async () => {
    const old = night('Raid de abril', '2026-04-02')
    const calls = serve({
      nights: { upcoming: [], past: [night('Raid de quinta', '2026-12-03')], older: [old] },
      loot: () => ({ rows: [lootRow(1)], total: 1 }),
    })
    renderPage(<HistoryPage />, `/?event=${old.id}`)
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Evento' }).textContent).toContain(
        'Raid de abril · qui., 02/04/2026',
      ),
    )
    expect(requests(calls, '/history/loot')[0]?.get('eventId')).toBe(old.id)
  })

  // The rows' times are the reader's; the night the history is filtered by is quoted by its date on the
  // guild's clock (docs/product-rules.md, "Raid nights"): 23:00 UTC is still the 10th in São Paulo.
  it("quotes the chosen event's date on the guild's clock, to a reader on another", async () => {
    readerOn('Europe/Berlin')
    const thursday = night('Raid de quinta', '2026-12-10')
    serve({
      nights: { upcoming: [thursday], past: [] },
      loot: () => ({ rows: [lootRow(1)], total: 1 }),
    })
    renderPage(<HistoryPage />, `/?event=${thursday.id}`)
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Evento' }).textContent).toBe(
        'Raid de quinta · qui., 10/12/2026',
      ),
    )
  })
})

function night(name: string, date: string): RaidNight {
  return {
    id: crypto.randomUUID(),
    name,
    description: null,
    status: 'active',
    phase: 'upcoming',
    startsAt: `${date}T23:00:00.000Z`,
    endsAt: null,
    runsUntil: `${date}T23:00:00.000Z`,
    date,
    startTime: '20:00',
    endTime: null,
    attendance: { present: 0, late: 0, bench: 0, excused: 0, noShow: 0 },
    awards: 0,
    createdAt: `${date}T12:00:00.000Z`,
  }
}
