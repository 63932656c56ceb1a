import { fireEvent, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { loadTexts, readerOn, renderRoutes } from '@web/test/render'
import { EventsPage } from './events-page'
import { callsTo, serveNights, ZONE } from './raid-nights.test-support'

// An outside test (2026-12-07): the date 31/12/9999 with an end before the start (23:00 to 01:00) put the end in
// the year 10000; the form's notes read that instant and the page crashed ("Invalid time value" from
// Intl.DateTimeFormat) as the end was typed, losing everything typed. The form says the date is not valid, as it
// does for any year the schema refuses (contract/raid-nights.ts).

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

const texts = {
  pt: {
    newEvent: 'Novo evento',
    create: 'Criar evento',
    name: 'Nome',
    date: 'Data',
    start: 'Início',
    end: 'Fim (opcional)',
    invalidDate: 'Informe uma data válida.',
  },
  en: {
    newEvent: 'New event',
    create: 'Create event',
    name: 'Name',
    date: 'Date',
    start: 'Start',
    end: 'End (optional)',
    invalidDate: 'Enter a valid date.',
  },
} as const

beforeEach(() => readerOn(ZONE))

describe.each(['pt', 'en'] as const)('a night typed on the last day of year 9999 (%s)', (language) => {
  const words = texts[language]

  it('ending past midnight: the form stays, says the date is not valid, and sends nothing', async () => {
    await loadTexts(['events', 'common'], language)
    const calls = serveNights()
    renderRoutes([{ path: '*', element: <EventsPage /> }], '/dashboard/events')
    fireEvent.click((await screen.findAllByRole('button', { name: words.newEvent }))[0]!)
    const dialog = await screen.findByRole('dialog', { name: words.newEvent })
    const type = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } })
    type(words.name, 'x')
    type(words.date, '9999-12-31')
    type(words.start, '23:00')
    type(words.end, '01:00')
    expect((within(dialog).getByLabelText(words.name) as HTMLInputElement).value).toBe('x')
    expect(within(dialog).queryByTestId('night-long-note')).toBeNull()
    expect(within(dialog).queryByTestId('night-past-note')).toBeNull()

    fireEvent.click(within(dialog).getByRole('button', { name: words.create }))
    expect(await within(dialog).findByText(words.invalidDate)).toBeTruthy()
    expect((within(dialog).getByLabelText(words.end) as HTMLInputElement).value).toBe('01:00')
    expect(callsTo(calls, 'POST', '/raid-nights')).toHaveLength(0)
  })
})
