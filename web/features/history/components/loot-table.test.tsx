import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { LootHistoryRow } from '@contract/history'
import { loadTexts, renderPage } from '@web/test/render'
import { LootTable } from './loot-table'

// Issue 14, items 9 and 10: receipts show date and time (two on one day can be told apart), and a missing
// value shows as the one empty mark, never 'N/A'.

const row = (
  itemName: string,
  distributedAt: string,
  previousQueuePosition: number | null,
  notes: string | null = 'Won the roll',
): LootHistoryRow => ({
  id: crypto.randomUUID(),
  itemId: null,
  itemName,
  itemRarity: null,
  itemType: null,
  playerId: null,
  playerName: 'Thrall',
  previousQueuePosition,
  distributedByName: null,
  distributedByFormer: false,
  notes,
  distributedAt,
  eventId: null,
})

const texts = {
  pt: { dateTime: /^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/, header: 'Data/Hora', empty: 'Não informado' },
  en: { dateTime: /^\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}\s[AP]M$/, header: 'Date/Time', empty: 'Not set' },
} as const

describe.each(['pt', 'en'] as const)('loot table (%s)', (language) => {
  const words = texts[language]

  it('tells two receipts of one day apart by their time', async () => {
    await loadTexts(['history'], language)
    renderPage(
      <LootTable
        rows={[row('Elmo', '2024-05-10T12:00:00.000Z', 1), row('Espada', '2024-05-10T12:45:00.000Z', 2)]}
      />,
    )
    expect(await screen.findByRole('columnheader', { name: words.header })).toBeTruthy()
    const times = screen
      .getAllByRole('row')
      .slice(1)
      .map((tr) => tr.querySelector('time')?.textContent ?? '')
    expect(times).toHaveLength(2)
    for (const time of times) expect(time).toMatch(words.dateTime)
    expect(times[0]).not.toBe(times[1])
  })

  it('shows a missing previous position as the empty mark, named for screen readers', async () => {
    await loadTexts(['history'], language)
    renderPage(<LootTable rows={[row('Coroa', '2024-05-10T12:00:00.000Z', null)]} />)
    const crown = (await screen.findByText('Coroa')).closest('tr') as HTMLElement
    expect(within(crown).getByText('—').getAttribute('aria-hidden')).toBe('true')
    expect(within(crown).getByText(words.empty)).toBeTruthy()
    expect(within(crown).queryByText('N/A')).toBeNull()
  })

  it('shows the note of each receipt, and the empty mark without one', async () => {
    await loadTexts(['history'], language)
    renderPage(
      <LootTable
        rows={[
          row('Cetro', '2024-05-10T12:00:00.000Z', 1, 'Ganhou a rolagem (97)'),
          row('Anel', '2024-05-10T12:00:00.000Z', 2, null),
        ]}
      />,
    )
    expect(
      await screen.findByRole('columnheader', { name: language === 'pt' ? 'Nota' : 'Note' }),
    ).toBeTruthy()
    const scepter = screen.getByText('Cetro').closest('tr') as HTMLElement
    // In the note column, and on a phone under the item (CSS shows one of them).
    expect(within(scepter).getAllByText('Ganhou a rolagem (97)')).toHaveLength(2)
    const ring = screen.getByText('Anel').closest('tr') as HTMLElement
    expect(within(ring).getByText(words.empty)).toBeTruthy()
  })

  it('marks an officers-only note, and only that one', async () => {
    await loadTexts(['history', 'common'], language)
    renderPage(
      <LootTable
        rows={[
          { ...row('Orbe', '2024-05-10T12:00:00.000Z', 1, 'Decidido pelos oficiais'), notesPrivate: true },
          row('Elmo', '2024-05-10T12:05:00.000Z', 2),
        ]}
      />,
    )
    const mark = { pt: 'Só oficiais', en: 'Officers only' }[language]
    const orb = (await screen.findByText('Orbe')).closest('tr') as HTMLElement
    // In the note column, and on a phone under the item (CSS shows one of them).
    expect(within(orb).getAllByText(mark)).toHaveLength(2)
    expect(within(orb).getAllByText('Decidido pelos oficiais')).toHaveLength(2)
    const helm = screen.getByText('Elmo').closest('tr') as HTMLElement
    expect(within(helm).queryByText(mark)).toBeNull()
  })
})
