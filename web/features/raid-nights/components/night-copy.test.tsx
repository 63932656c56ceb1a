import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { toast } from 'sonner'
import { useParams } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadTexts, readerOn, renderRoutes } from '@web/test/render'
import { EventPage } from './event-page'
import { EventsPage } from './events-page'
import { callsTo, NIGHT_ID, night, nightDetail, serveNights } from './raid-nights.test-support'

// An outside test (2026-12-07): "Repeat next week" said "Event copied to Sun, 11/29/2026" and left the officer on
// the old night, with nothing to open the copy by; on the list every copy has the same name. The notice now
// opens the copy (the real sonner toaster, as a person sees it: its action is a button in the toasts' region).

const COPY_ID = '00000000-0000-4000-8000-0000000000c1'

const texts = {
  pt: {
    copy: 'Repetir na semana seguinte',
    copyRow: 'Repetir Raid de quinta na semana seguinte',
    copied: 'Evento copiado para qui., 17/12/2026',
    open: 'Abrir',
  },
  en: {
    copy: 'Repeat next week',
    copyRow: 'Repeat Raid de quinta next week',
    copied: 'Event copied to Thu, 12/17/2026',
    open: 'Open',
  },
} as const

const toasts = () => [...document.querySelectorAll('[data-sonner-toast]')] as HTMLElement[]

/** The night and the copy "same as last week" makes of it, a week later. */
function serveCopy() {
  const copy = nightDetail({ id: COPY_ID, name: 'Raid de quinta', date: '2026-12-17' })
  return serveNights({
    upcoming: [night({ id: NIGHT_ID })],
    nights: [nightDetail({ description: 'Semana 1' }), { ...copy, description: 'Semana 2' }],
    replies: { [`POST /raid-nights/${NIGHT_ID}/copy`]: { status: 201, body: copy } },
  })
}

const routes = [
  { path: '/dashboard/events/:id', element: <RoutedNight /> },
  { path: '/dashboard/events', element: <EventsPage /> },
]

/** The night of the address, as web/app/routes/dashboard-event.tsx mounts it. */
function RoutedNight() {
  const { id = '' } = useParams()
  return <EventPage id={id} />
}

beforeEach(() => readerOn('America/Sao_Paulo'))
afterEach(() => {
  vi.useRealTimers()
  // sonner keeps its toasts in a module-wide store: the next test starts without this one's.
  toast.dismiss()
})

describe.each(['pt', 'en'] as const)('repeat next week (%s)', (language) => {
  const words = texts[language]

  it("the notice opens the copy's page from the night's page", async () => {
    await loadTexts(['events', 'common'], language)
    const calls = serveCopy()
    const page = renderRoutes(routes, `/dashboard/events/${NIGHT_ID}`, { toaster: true })
    await screen.findByText('Semana 1')

    fireEvent.click(screen.getByRole('button', { name: words.copy }))
    await waitFor(() => expect(toasts()).toHaveLength(1))
    const notice = toasts()[0]!
    expect(notice.textContent).toContain(words.copied)
    const open = within(notice).getByRole('button', { name: words.open })
    fireEvent.click(open)

    await waitFor(() => expect(page.router.state.location.pathname).toBe(`/dashboard/events/${COPY_ID}`))
    expect(await screen.findByText('Semana 2')).toBeTruthy()
    expect(callsTo(calls, 'POST', `/raid-nights/${NIGHT_ID}/copy`)).toHaveLength(1)
  })
  it('the notice stays long enough to reach its button (10 s, not the 4 s of a toast without one)', async () => {
    await loadTexts(['events', 'common'], language)
    serveCopy()
    vi.useFakeTimers({ shouldAdvanceTime: true })
    renderRoutes(routes, '/dashboard/events', { toaster: true })
    fireEvent.click(await screen.findByRole('button', { name: words.copyRow }))
    await waitFor(() => expect(toasts()).toHaveLength(1))

    await vi.advanceTimersByTimeAsync(8_000)
    expect(within(toasts()[0]!).getByRole('button', { name: words.open })).toBeTruthy()
    await vi.advanceTimersByTimeAsync(4_000)
    await waitFor(() => expect(toasts()).toHaveLength(0))
  })

  it("the notice opens the copy's page from the events list, where the copy has the same name", async () => {
    await loadTexts(['events', 'common'], language)
    serveCopy()
    const page = renderRoutes(routes, '/dashboard/events', { toaster: true })
    fireEvent.click(await screen.findByRole('button', { name: words.copyRow }))
    await waitFor(() => expect(toasts()).toHaveLength(1))
    fireEvent.click(within(toasts()[0]!).getByRole('button', { name: words.open }))

    await waitFor(() => expect(page.router.state.location.pathname).toBe(`/dashboard/events/${COPY_ID}`))
    expect(await screen.findByText('Semana 2')).toBeTruthy()
  })
})
