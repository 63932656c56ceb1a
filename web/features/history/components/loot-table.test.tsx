import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { LootHistoryRow } from '@contract/history'
import { formatDateTime } from '@web/lib/format'
import { loadTexts, readerOn, renderPage } from '@web/test/render'
import { LootTable } from './loot-table'
import { guildZoneRead, READER_CLOCK, serveGuildZone } from './history.test-support'

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

// An outside test (2026-12-07): the guild on America/Sao_Paulo, a reader in Lisbon. A night's awards read
// 00:18 on its page (the guild's clock, its zone named) and 03:18 here (the reader's), with nothing saying
// so: they seemed to fall after the night had ended. The row's time stays the reader's, and its column says
// whose when the reader's clock is not the guild's (docs/product-rules.md, "Raid nights").
describe.each(['pt', 'en'] as const)("loot table, the reader's clock (%s)", (language) => {
  const words = READER_CLOCK[language]
  it.each([
    ['Europe/Lisbon', words.lisbon],
    [
      'UTC',
      {
        pt: 'Data/Hora (seu horário: Horário Universal Coordenado)',
        en: 'Date/Time (your time: Coordinated Universal Time)',
      }[language],
    ],
    ['America/Sao_Paulo', words.header],
  ])(
    "names the reader's clock over the receipts' times when it is not the guild's (%s)",
    async (reader, header) => {
      await loadTexts(['history'], language)
      readerOn(reader)
      const calls = serveGuildZone()
      const award = row('Dragonstalker Helm', '2026-12-07T03:18:00.000Z', 4)
      renderPage(<LootTable rows={[award]} />)
      await guildZoneRead(calls)
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy()
      const [tr] = screen.getAllByRole('row').slice(1)
      expect(tr!.querySelector('time')?.textContent).toBe(formatDateTime(award.distributedAt, reader))
    },
  )
})
