import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { RaidNight } from '@contract/raid-nights'
import { zonedParts } from '@contract/zoned-time'
import { loadTexts, readerOn, renderPage, renderRoutes } from '@web/test/render'
import { waitForToast } from '@web/test/toasts'
import { EventPage } from './event-page'
import { EventsPage } from './events-page'
import { callsTo, NIGHT_ID, night, nightDetail, serveNights, ZONE } from './raid-nights.test-support'

// An outside test (2026-12-07): a past night never completed showed two badges, "Ativo" and "Encerrado", and
// the running one "Ativo" with "Em andamento"; a night created with its start already past went silently to
// the past events. One word now says where a night stands (nightStanding), and the form says it before saving.

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

const texts = {
  pt: {
    scheduled: 'Agendado',
    running: 'Em andamento',
    ended: 'Terminou · não concluído',
    completed: 'Concluído',
    contradictions: ['Ativo', 'Encerrado'],
    complete: 'Concluir',
    completeNamed: 'Concluir Raid passada',
    completed_toast: 'Evento concluído',
    newEvent: 'Novo evento',
    create: 'Criar evento',
    name: 'Nome',
    date: 'Data',
    start: 'Início',
    alreadyEnded: /Este evento já terminou: ao salvar, ele vai para os eventos anteriores/,
    alreadyStarted: /Este evento já começou: ao salvar, ele fica em andamento/,
  },
  en: {
    scheduled: 'Scheduled',
    running: 'Running',
    ended: 'Ended · not completed',
    completed: 'Completed',
    contradictions: ['Active', 'Ended'],
    complete: 'Complete',
    completeNamed: 'Complete Raid passada',
    completed_toast: 'Event completed',
    newEvent: 'New event',
    create: 'Create event',
    name: 'Name',
    date: 'Date',
    start: 'Start',
    alreadyEnded: /This event has already ended: once saved, it goes to the past events/,
    alreadyStarted: /This event has already started: once saved, it is running/,
  },
} as const

beforeEach(() => readerOn(ZONE))

const cases: [Pick<RaidNight, 'status' | 'phase'>, keyof (typeof texts)['pt']][] = [
  [{ status: 'active', phase: 'upcoming' }, 'scheduled'],
  [{ status: 'active', phase: 'running' }, 'running'],
  [{ status: 'active', phase: 'ended' }, 'ended'],
  [{ status: 'completed', phase: 'ended' }, 'completed'],
]

describe.each(['pt', 'en'] as const)('where a night stands (%s)', (language) => {
  const words = texts[language]

  it.each(cases)("the night's page says %o in one word", async (standing, word) => {
    await loadTexts(['events', 'common'], language)
    serveNights({ nights: [nightDetail(standing)] })
    renderPage(<EventPage id={NIGHT_ID} />, `/dashboard/events/${NIGHT_ID}`)
    const heading = await screen.findByRole('heading', { level: 1, name: 'Raid de quinta' })
    // The name, then one word: nothing beside it.
    expect(heading.parentElement!.textContent).toBe(`Raid de quinta${words[word]}`)
    for (const other of words.contradictions) expect(screen.queryByText(other)).toBeNull()
  })

  it('lists a night whose hours are over and never completed as such, with its "Complete" beside it', async () => {
    await loadTexts(['events', 'common'], language)
    const over = night({ name: 'Raid passada', phase: 'ended', date: '2026-12-03' })
    const calls = serveNights({
      past: [over],
      replies: { [`POST /raid-nights/${over.id}/status`]: { body: nightDetail({ status: 'completed' }) } },
    })
    renderPage(<EventsPage />, '/dashboard/events')
    const past = await screen.findByRole('table', {
      name: language === 'pt' ? 'Eventos anteriores' : 'Past events',
    })
    const row = within(past).getByRole('link', { name: 'Raid passada' }).closest('tr')!
    // The status column, and on a phone a line under the name (CSS shows one of them).
    expect(within(row).getAllByText(words.ended)).toHaveLength(2)
    for (const other of words.contradictions) expect(within(row).queryByText(other)).toBeNull()

    const complete = within(row).getByRole('button', { name: words.completeNamed })
    expect(complete.textContent).toBe(words.complete)
    fireEvent.click(complete)
    await waitForToast('success', words.completed_toast)
    expect(callsTo(calls, 'POST', `/raid-nights/${over.id}/status`).map((call) => call.body)).toEqual([
      { action: 'complete' },
    ])
  })

  it('says before saving that a night typed in the past goes to the past events, and saves it', async () => {
    await loadTexts(['events', 'common'], language)
    const calls = serveNights({ replies: { 'POST /raid-nights': { status: 201, body: nightDetail() } } })
    renderRoutes([{ path: '*', element: <EventsPage /> }], '/dashboard/events')
    fireEvent.click((await screen.findAllByRole('button', { name: words.newEvent }))[0]!)
    const dialog = await screen.findByRole('dialog', { name: words.newEvent })
    const type = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } })
    type(words.name, 'Raid de ontem')
    type(words.date, '2099-01-07')
    expect(within(dialog).queryByTestId('night-past-note')).toBeNull()

    // Started an hour ago on the guild's clock, no end (six hours): running once saved.
    const hourAgo = zonedParts(new Date(Date.now() - 3_600_000), ZONE)
    type(words.date, hourAgo.date)
    type(words.start, hourAgo.time)
    expect(within(dialog).getByTestId('night-past-note').textContent).toMatch(words.alreadyStarted)

    type(words.date, '2026-11-26')
    type(words.start, '20:00')
    const note = within(dialog).getByTestId('night-past-note')
    expect(note.textContent).toMatch(words.alreadyEnded)
    expect(note.closest('[role="status"]')).toBeTruthy()

    // Accepted as it is: officers record nights after the fact.
    fireEvent.click(within(dialog).getByRole('button', { name: words.create }))
    await waitFor(() => expect(callsTo(calls, 'POST', '/raid-nights')).toHaveLength(1))
    expect(callsTo(calls, 'POST', '/raid-nights')[0]!.body).toMatchObject({
      date: '2026-11-26',
      startTime: '20:00',
    })
  })
})
