import { screen, within } from '@testing-library/react'
import { afterAll, describe, expect, it } from 'vitest'
import type { PublicTonight as Tonight } from '@contract/public'
import { loadTexts, readerOn, renderPage } from '@web/test/render'
import { PublicTonight } from './public-tonight'

// An outside test (2026-12-06): a Berlin guild's night, 18:00 to 23:30 on the dashboard, read "Hoje · Raid de
// domingo 14:00 – 19:30" on the public page in São Paulo: the reader's clock, with nothing saying so. The
// page now reads it on the guild's clock, as the dashboard does, and says the zone to a reader on another.
const SUNDAY: Tonight = {
  name: 'Raid de domingo',
  startsAt: '2026-12-06T17:00:00.000Z',
  runsUntil: '2026-12-06T22:30:00.000Z',
  timeZone: 'Europe/Berlin',
  awayPlayerIds: [],
}

afterAll(() => loadTexts(['public'], 'pt'))

describe.each([
  ['pt', 'Hoje: Raid de domingo', '18:00 às 23:30', '18:00 às 23:30 (Horário Alemanha)'],
  ['en', 'Tonight: Raid de domingo', '6:00 PM to 11:30 PM', '6:00 PM to 11:30 PM (Germany Time)'],
] as const)("the public page's tonight (%s)", (language, region, times, zoned) => {
  const timesIn = async () => {
    const banner = await screen.findByRole('region', { name: region })
    return within(banner).getByText(times, { normalizer: (text) => text.replace(/\s/g, ' ').trim() })
  }
  const spaced = (text: string | null) => text?.replace(/\s/g, ' ')

  it("reads the night on the guild's clock and says its zone to a reader on another", async () => {
    await loadTexts(['public'], language)
    readerOn('America/Sao_Paulo')
    renderPage(<PublicTonight tonight={SUNDAY} />)
    expect(spaced((await timesIn()).textContent)).toBe(spaced(zoned))
  })

  it("says no zone to a reader on the guild's clock", async () => {
    await loadTexts(['public'], language)
    readerOn('Europe/Berlin')
    renderPage(<PublicTonight tonight={SUNDAY} />)
    expect(spaced((await timesIn()).textContent)).toBe(spaced(times))
  })
})
