import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { toast } from 'sonner'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { CalendarFeedSchema } from '@contract/raid-nights'
import { apiError, loadTexts, renderPage } from '@web/test/render'
import { waitForToast } from '@web/test/toasts'
import { CalendarFeedCard } from './calendar-feed-card'
import { callsTo, serveNights } from './raid-nights.test-support'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

beforeAll(() => loadTexts(['events']))

// The card plays the contract (CalendarFeedSchema, contract/raid-nights.ts): GET /raid-nights-calendar answers
// { url } or { url: null } to members, POST makes a new { url } for admins.
const FEED = 'https://lootqueue.test/api/v1/calendar/abc123.ics'
const field = () => screen.getByLabelText('Endereço do calendário') as HTMLInputElement

describe('calendar feed card', () => {
  it('shows a member the address to copy, with how to subscribe, and nothing to change', async () => {
    serveNights({ calendar: CalendarFeedSchema.parse({ url: FEED }) })
    const writeText = vi.fn(async (_text: string) => {})
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    renderPage(<CalendarFeedCard isAdmin={false} />)
    await waitFor(() => expect(field().value).toBe(FEED))
    expect(field().readOnly).toBe(true)
    expect(screen.getByText(/Do URL/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Gerar novo endereço' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Copiar endereço' }))
    await waitForToast('success', 'Endereço copiado')
    expect(writeText).toHaveBeenCalledWith(FEED)
  })

  it('tells a member when no address exists yet, and lets an admin create one', async () => {
    serveNights()
    const member = renderPage(<CalendarFeedCard isAdmin={false} />)
    expect(await screen.findByText(/Peça a um administrador/)).toBeTruthy()
    member.unmount()

    const calls = serveNights()
    renderPage(<CalendarFeedCard isAdmin />)
    fireEvent.click(await screen.findByRole('button', { name: 'Criar endereço' }))
    await waitForToast('success', 'Endereço do calendário criado')
    expect(callsTo(calls, 'POST', '/raid-nights-calendar')).toHaveLength(1)
    await waitFor(() => expect(field().value).toMatch(/^https:\/\/lootqueue\.test\/calendar\/.+\.ics$/))
  })

  // An outside test with the keyboard (2026-12-07): the button went, and focus with it, to <body>.
  it('moves focus to the new address once "Criar endereço" has made it', async () => {
    serveNights()
    renderPage(<CalendarFeedCard isAdmin />)
    const create = await screen.findByRole('button', { name: 'Criar endereço' })
    create.focus()
    fireEvent.click(create)
    await waitForToast('success', 'Endereço do calendário criado')
    await waitFor(() => expect(document.activeElement).toBe(field()))
  })

  it('creates one address when an admin double-clicks "Criar endereço"', async () => {
    const calls = serveNights()
    renderPage(<CalendarFeedCard isAdmin />)
    const create = await screen.findByRole('button', { name: 'Criar endereço' })
    fireEvent.click(create)
    fireEvent.click(create)
    await waitForToast('success', 'Endereço do calendário criado')
    await waitFor(() => expect(field().value).toMatch(/\.ics$/))
    expect(callsTo(calls, 'POST', '/raid-nights-calendar')).toHaveLength(1)
  })

  it('makes a new address for an admin only after saying the old one stops working', async () => {
    const calls = serveNights({ calendar: { url: FEED } })
    renderPage(<CalendarFeedCard isAdmin />)
    await waitFor(() => expect(field().value).toBe(FEED))
    fireEvent.click(screen.getByRole('button', { name: 'Gerar novo endereço' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Gerar um novo endereço?' })
    expect(within(ask).getByText(/para de funcionar na hora/)).toBeTruthy()
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(callsTo(calls, 'POST', '/raid-nights-calendar')).toHaveLength(0)

    fireEvent.click(screen.getByRole('button', { name: 'Gerar novo endereço' }))
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Gerar novo endereço' }),
    )
    await waitForToast('success', 'Novo endereço criado: o anterior parou de funcionar')
    await waitFor(() => expect(field().value).not.toBe(FEED))
    expect(callsTo(calls, 'POST', '/raid-nights-calendar')).toHaveLength(1)
  })

  it('says when the address cannot be read, and reads it again on request', async () => {
    let fail = true
    serveNights({
      replies: {
        'GET /raid-nights-calendar': () => (fail ? apiError(500, 'INTERNAL') : { body: { url: FEED } }),
      },
    })
    renderPage(<CalendarFeedCard isAdmin />)
    expect(await screen.findByText('Não foi possível carregar o endereço do calendário.')).toBeTruthy()
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    await waitFor(() => expect(field().value).toBe(FEED))
    expect(toast.error).not.toHaveBeenCalled()
  })
})
