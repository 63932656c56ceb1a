import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Player } from '@contract/players'
import { loadTexts, renderPage } from '@web/test/render'
import { PlayersTable } from './players-table'

// An outside test on a 390 px phone (2026-12-06): the "Selecionar" heading made the column of checkboxes wider
// than a checkbox, and the row's actions went off screen. The heading stays, for screen readers only.

const aria: Player = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Aria',
  notes: null,
  playerStatus: 'active',
  isActive: true,
  rankId: null,
  createdAt: '2026-01-10T12:00:00.000Z',
}

describe.each([
  ['pt', 'Selecionar', 'Selecionar Aria'],
  ['en', 'Select', 'Select Aria'],
] as const)('the players table with ranks (%s)', (language, heading, box) => {
  it('names the select column to screen readers without a visible word widening it', async () => {
    await loadTexts(['players', 'common'], language)
    renderPage(
      <PlayersTable
        players={[aria]}
        caption="Jogadores"
        onEdit={() => {}}
        onDelete={() => {}}
        ranks={{ nameOf: () => undefined, selected: new Set(), toggle: () => {} }}
      />,
    )
    const column = screen.getByRole('columnheader', { name: heading })
    expect(within(column).getByText(heading).className).toContain('sr-only')
    expect(screen.getByRole('checkbox', { name: box })).toBeTruthy()
  })
})
