import { act, waitFor } from '@testing-library/react'
import { expect } from 'vitest'
import { mockApi } from '@web/test/render'

/** The column over the rows' times, on the guild's clock and in Lisbon (the guild on America/Sao_Paulo). */
export const READER_CLOCK = {
  pt: { header: 'Data/Hora', lisbon: 'Data/Hora (seu horário: Horário Portugal)' },
  en: { header: 'Date/Time', lisbon: 'Date/Time (your time: Portugal Time)' },
} as const
/** The guild's zone served; resolved once the screen has read it and drawn what follows from it. */
export async function guildZoneRead(calls: ReturnType<typeof mockApi>) {
  await waitFor(() => expect(calls.map((call) => call.path)).toContain('/raid-night-settings'))
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
}
/** The guild on America/Sao_Paulo (its raid-night settings). */
export const serveGuildZone = () =>
  mockApi(({ path }) =>
    path === '/raid-night-settings'
      ? { body: { timeZone: 'America/Sao_Paulo', noShowRule: 'keep' } }
      : undefined,
  )
