import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { Player } from '@contract/players'
import { loadTexts, mockApi, renderPage } from '@web/test/render'
import { PlayersPage } from './players-page'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

// Issue 14, items 7 and 9: counts read as plurals in both languages ('0 jogadores', '1 jogador'), and
// missing notes show as the one empty mark.

const player = (name: string, playerStatus: Player['playerStatus']): Player => ({
  id: crypto.randomUUID(),
  name,
  notes: null,
  playerStatus,
  isActive: playerStatus === 'active',
  rankId: null,
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
