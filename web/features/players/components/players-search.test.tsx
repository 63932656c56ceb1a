import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { player } from '@web/test/factories'
import { loadTexts, mockApi, renderPage } from '@web/test/render'
import { PlayersPage } from './players-page'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

// An outside tester with 82 players scrolled a phone's screen to find "Conceição Sacerdotisa": the players
// page filters by name, case and accents aside, with the rank filter, and says how many players match.

const RAIDER = '00000000-0000-4000-8000-0000000000b0'
const ranks = [{ id: RAIDER, name: 'Raider', level: 0, playerCount: 2 }]

const guild = [
  ...Array.from({ length: 28 }, (_, i) => player(`Jogador ${i + 1}`)),
  player('Conceição Sacerdotisa', { rankId: RAIDER }),
  player('Concordia', { playerStatus: 'inactive' }),
  player('Sacerdote Expulso', { playerStatus: 'expelled', rankId: RAIDER }),
  player('Zé', { rankId: RAIDER }),
]

const texts = {
  pt: {
    label: 'Filtrar por nome',
    clear: 'Limpar busca',
    rank: 'Filtrar por cargo',
    one: '1 jogador encontrado',
    two: '2 jogadores encontrados',
    none: 'Nenhum jogador encontrado',
    rosterOfAll: '1 de 31 jogadores',
    noMatch: 'Nenhum jogador ativo ou inativo com “xyz” no nome.',
    noMatchInRank: 'Nenhum jogador ativo ou inativo deste cargo com “concordia” no nome.',
    unfiltered: '31 jogadores ativos ou inativos',
  },
  en: {
    label: 'Filter by name',
    clear: 'Clear search',
    rank: 'Filter by rank',
    one: '1 player found',
    two: '2 players found',
    none: 'No player found',
    rosterOfAll: '1 of 31 players',
    noMatch: 'No active or inactive player with “xyz” in the name.',
    noMatchInRank: 'No active or inactive player of this rank with “concordia” in the name.',
    unfiltered: '31 active or inactive players',
  },
}

const serve = (withRanks: boolean) =>
  mockApi(({ path }) =>
    path === '/players'
      ? { body: { players: guild } }
      : path === '/ranks'
        ? { body: { ranks: withRanks ? ranks : [] } }
        : undefined,
  )

const rosterNames = () =>
  within(screen.getByRole('table', { name: /Jogadores da guild|Guild players/ }))
    .getAllByRole('link')
    .map((link) => link.textContent)

describe.each(['pt', 'en'] as const)('players page name search (%s)', (language) => {
  const text = texts[language]

  it('finds a name case and accents aside, says how many match, and keeps the search in the address', async () => {
    await loadTexts(['players'], language)
    serve(false)
    const { router } = renderPage(<PlayersPage />)
    const box = await screen.findByRole('searchbox', { name: text.label })
    fireEvent.change(box, { target: { value: 'CONCEICAO' } })
    // A live line, heard by screen readers as the typing narrows the list.
    expect((await screen.findByText(text.one)).getAttribute('role')).toBe('status')
    expect(rosterNames()).toEqual(['Conceição Sacerdotisa'])
    expect(screen.getByText(text.rosterOfAll)).toBeTruthy()
    expect(router.state.location.search).toBe('?q=CONCEICAO')
    // ↓ or Enter takes the keyboard from the box to the first match, whose page Enter opens.
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Conceição Sacerdotisa' }))

    // The expelled are searched as well, in their own table.
    fireEvent.change(box, { target: { value: 'sacerd' } })
    expect(await screen.findByText(text.two)).toBeTruthy()
    const expelled = screen.getByRole('table', { name: /Jogadores expulsos|Expelled players/ })
    expect(within(expelled).getByText('Sacerdote Expulso')).toBeTruthy()
    fireEvent.change(box, { target: { value: 'expulso' } })
    expect(await screen.findByText(text.one)).toBeTruthy()
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Sacerdote Expulso' }))

    // The clear button empties the box, the address and the count, and gives the keyboard back to the box.
    fireEvent.click(screen.getByRole('button', { name: text.clear }))
    expect(await screen.findByText(text.unfiltered)).toBeTruthy()
    expect(document.activeElement).toBe(box)
    expect(router.state.location.search).toBe('')
    expect(screen.queryByText(text.one)).toBeNull()
  })

  it('says so when nobody matches, naming what was typed', async () => {
    await loadTexts(['players'], language)
    serve(false)
    renderPage(<PlayersPage />)
    fireEvent.change(await screen.findByRole('searchbox', { name: text.label }), {
      target: { value: ' xyz ' },
    })
    expect(await screen.findByText(text.none)).toBeTruthy()
    expect(screen.getByText(text.noMatch)).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('opens with the search in the address, and narrows together with the rank filter', async () => {
    await loadTexts(['players'], language)
    serve(true)
    renderPage(<PlayersPage />, '/?q=conc')
    expect(((await screen.findByRole('searchbox', { name: text.label })) as HTMLInputElement).value).toBe(
      'conc',
    )
    expect(await screen.findByText(text.two)).toBeTruthy()
    expect(rosterNames()).toEqual(['Conceição Sacerdotisa', 'Concordia'])

    fireEvent.click(screen.getByRole('combobox', { name: text.rank }))
    fireEvent.click(await screen.findByRole('option', { name: 'Raider' }))
    expect(await screen.findByText(text.one)).toBeTruthy()
    expect(rosterNames()).toEqual(['Conceição Sacerdotisa'])

    fireEvent.change(screen.getByRole('searchbox', { name: text.label }), { target: { value: 'concordia' } })
    expect(await screen.findByText(text.none)).toBeTruthy()
    expect(screen.getByText(text.noMatchInRank)).toBeTruthy()
  })
})
