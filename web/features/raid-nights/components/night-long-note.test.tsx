import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { loadTexts, readerOn, renderRoutes } from '@web/test/render'
import { EventsPage } from './events-page'
import { callsTo, nightDetail, serveNights, ZONE } from './raid-nights.test-support'

// An outside test (2026-12-07): an end typed before the start ("21:00" to "20:00") was saved without a word as a
// 23-hour night, "21:00 às 20:00 (+1 dia)". An end before the start is the next day's (a night past midnight
// is legitimate), so it is not refused: the form says how long the night will last, before saving, when that
// is more than 12 hours.

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

const texts = {
  pt: {
    newEvent: 'Novo evento',
    create: 'Criar evento',
    name: 'Nome',
    date: 'Data',
    start: 'Início',
    end: 'Fim (opcional)',
    nextDay:
      'Este evento vai durar 23 horas: um fim antes do início é no dia seguinte. Confira o horário de fim antes de salvar.',
    sameDay: 'Este evento vai durar 13 horas e 30 minutos. Confira o horário de fim antes de salvar.',
  },
  en: {
    newEvent: 'New event',
    create: 'Create event',
    name: 'Name',
    date: 'Date',
    start: 'Start',
    end: 'End (optional)',
    nextDay:
      "This event will last 23 hours: an end before the start is the next day's. Check the end time before saving.",
    sameDay: 'This event will last 13 hours and 30 minutes. Check the end time before saving.',
  },
} as const

beforeEach(() => readerOn(ZONE))

describe.each(['pt', 'en'] as const)('a night typed longer than 12 hours (%s)', (language) => {
  const words = texts[language]

  it('is said before saving, how long it lasts, and saved as typed', async () => {
    await loadTexts(['events', 'common'], language)
    const calls = serveNights({ replies: { 'POST /raid-nights': { status: 201, body: nightDetail() } } })
    renderRoutes([{ path: '*', element: <EventsPage /> }], '/dashboard/events')
    fireEvent.click((await screen.findAllByRole('button', { name: words.newEvent }))[0]!)
    // The form is loaded on first use: given time on a busy machine.
    const dialog = await screen.findByRole('dialog', { name: words.newEvent })
    const type = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } })
    const note = () => within(dialog).queryByTestId('night-long-note')
    type(words.name, 'Raid de sexta')
    type(words.date, '2099-01-09')
    type(words.start, '21:00')
    // No end: six hours. Past midnight, a few hours: nothing said.
    expect(note()).toBeNull()
    type(words.end, '02:00')
    expect(note()).toBeNull()

    // An end just before the start: the next day's, 23 hours on.
    type(words.end, '20:00')
    expect(note()!.textContent).toBe(words.nextDay)
    expect(note()!.closest('[role="status"]')).toBeTruthy()

    // Long on the same day too.
    type(words.start, '08:00')
    type(words.end, '21:30')
    expect(note()!.textContent).toBe(words.sameDay)
    // Exactly 12 hours is not said.
    type(words.end, '20:00')
    expect(note()).toBeNull()

    // Not refused: saved as typed.
    type(words.start, '21:00')
    expect(note()!.textContent).toBe(words.nextDay)
    fireEvent.click(within(dialog).getByRole('button', { name: words.create }))
    await waitFor(() => expect(callsTo(calls, 'POST', '/raid-nights')).toHaveLength(1))
    expect(callsTo(calls, 'POST', '/raid-nights')[0]!.body).toMatchObject({
      date: '2099-01-09',
      startTime: '21:00',
      endTime: '20:00',
    })
  })
})
