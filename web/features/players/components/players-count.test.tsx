import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { Player } from '@contract/players'
import { loadTexts, mockApi, renderPage } from '@web/test/render'
import { PlayersPage } from './players-page'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

// Issue 14, items 7 and 9: counts read as plurals in both languages ('0 jogadores', '1 jogador'), and
// missing notes show as the one empty mark.

const player = (
  name: string,
  playerStatus: Player['playerStatus'],
  rankId: string | null = null,
): Player => ({
  id: crypto.randomUUID(),
  name,
  notes: null,
  playerStatus,
  isActive: playerStatus === 'active',
  rankId,
  createdAt: '2025-01-10T12:00:00.000Z',
})

const cases: Record<'pt' | 'en', [Player[], string][]> = {
  pt: [
    [[], '0 jogadores ativos ou inativos'],
    [[player('Aragorn', 'active')], '1 jogador ativo ou inativo'],
    [[player('Aragorn', 'active'), player('Boromir', 'inactive')], '2 jogadores ativos ou inativos'],
  ],
  en: [
    [[], '0 active or inactive players'],
    [[player('Aragorn', 'active')], '1 active or inactive player'],
    [[player('Aragorn', 'active'), player('Boromir', 'inactive')], '2 active or inactive players'],
  ],
}

describe.each(['pt', 'en'] as const)('players page counts (%s)', (language) => {
  it.each(cases[language])('%# players: "%s"', async (players, text) => {
    await loadTexts(['players'], language)
    mockApi(({ path }) => (path === '/players' ? { body: { players } } : undefined))
    renderPage(<PlayersPage />)
    expect(await screen.findByText(text)).toBeTruthy()
  })

  it('names the page and its people with one word', async () => {
    await loadTexts(['players'], language)
    mockApi(({ path }) =>
      path === '/players' ? { body: { players: [player('Saruman', 'expelled')] } } : undefined,
    )
    renderPage(<PlayersPage />)
    const word = language === 'pt' ? 'Jogadores' : 'Players'
    expect(await screen.findByRole('heading', { level: 1, name: word })).toBeTruthy()
    expect(
      await screen.findByText(
        language === 'pt'
          ? '1 jogador expulso. Jogadores expulsos não aparecem nas filas.'
          : '1 expelled player. Expelled players do not appear in queues.',
      ),
    ).toBeTruthy()
  })

  it('shows missing notes as the empty mark, named for screen readers', async () => {
    await loadTexts(['players'], language)
    mockApi(({ path }) =>
      path === '/players' ? { body: { players: [player('Aragorn', 'active')] } } : undefined,
    )
    renderPage(<PlayersPage />)
    const row = (await screen.findByText('Aragorn')).closest('tr') as HTMLElement
    expect(within(row).getByText('—')).toBeTruthy()
    expect(within(row).getByText(language === 'pt' ? 'Não informado' : 'Not set')).toBeTruthy()
  })
})

// A rank filter narrows the lists: each count says how many of all are shown ("6 de 25 jogadores").
const RAIDER = '00000000-0000-4000-8000-0000000000b0'
const SOCIAL = '00000000-0000-4000-8000-0000000000b1'
const ranks = [
  { id: RAIDER, name: 'Raider', level: 0, playerCount: 2 },
  { id: SOCIAL, name: 'Social', level: 1, playerCount: 0 },
]
const guild = [
  player('Aragorn', 'active', RAIDER),
  player('Boromir', 'active'),
  player('Gimli', 'inactive'),
  player('Saruman', 'expelled', RAIDER),
  player('Wormtongue', 'expelled'),
]
const filtered = {
  pt: {
    filter: 'Filtrar por cargo',
    all: 'Todos os cargos',
    raider: ['1 de 3 jogadores', '1 de 2 jogadores expulsos. Jogadores expulsos não aparecem nas filas.'],
    social: '0 de 3 jogadores',
    oneOfOne: '0 de 1 jogador',
    unfiltered: '3 jogadores ativos ou inativos',
  },
  en: {
    filter: 'Filter by rank',
    all: 'All ranks',
    raider: ['1 of 3 players', '1 of 2 expelled players. Expelled players do not appear in queues.'],
    social: '0 of 3 players',
    oneOfOne: '0 of 1 player',
    unfiltered: '3 active or inactive players',
  },
}

describe.each(['pt', 'en'] as const)('players page counts under a rank filter (%s)', (language) => {
  const texts = filtered[language]
  const choose = async (option: string) => {
    fireEvent.click(await screen.findByRole('combobox', { name: texts.filter }))
    fireEvent.click(await screen.findByRole('option', { name: option }))
  }
  const serve = (players: Player[]) =>
    mockApi(({ path }) =>
      path === '/players' ? { body: { players } } : path === '/ranks' ? { body: { ranks } } : undefined,
    )

  it('says how many of all are shown, in the roster and among the expelled', async () => {
    await loadTexts(['players'], language)
    serve(guild)
    renderPage(<PlayersPage />)
    expect(await screen.findByText(texts.unfiltered)).toBeTruthy()
    await choose('Raider')
    for (const text of texts.raider) expect(await screen.findByText(text)).toBeTruthy()
    await choose('Social')
    expect(await screen.findByText(texts.social)).toBeTruthy()
    await choose(texts.all)
    expect(await screen.findByText(texts.unfiltered)).toBeTruthy()
  })

  it('counts one player of all in the singular', async () => {
    await loadTexts(['players'], language)
    serve([player('Aragorn', 'active', RAIDER)])
    renderPage(<PlayersPage />)
    await choose('Social')
    expect(await screen.findByText(texts.oneOfOne)).toBeTruthy()
  })
})
