import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadTexts, readerOn, renderRoutes } from '@web/test/render'
import { waitForToast } from '@web/test/toasts'
import { EventPage } from './event-page'
import { NIGHT_ID, nightDetail, serveNights } from './raid-nights.test-support'

// An outside test (2026-12-07): on a night's page, Concluir › Concluir left focus on <body> (the Concluir button
// was replaced by Reabrir), and a keyboard user had to Tab again from the top of the page. Focus goes to the
// button that took its place.

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

beforeAll(() => loadTexts(['events']))
beforeEach(() => readerOn('America/Sao_Paulo'))

describe('focus after a confirmed change of a night’s status', () => {
  it('goes to Reabrir once Concluir is gone', async () => {
    serveNights({
      nights: [nightDetail({ phase: 'running' })],
      replies: {
        [`POST /raid-nights/${NIGHT_ID}/status`]: {
          body: nightDetail({ status: 'completed', phase: 'ended' }),
        },
      },
    })
    renderRoutes([{ path: '*', element: <EventPage id={NIGHT_ID} /> }], `/dashboard/events/${NIGHT_ID}`)
    await screen.findByRole('heading', { level: 1, name: 'Raid de quinta' })
    const complete = screen.getByRole('button', { name: 'Concluir' })
    complete.focus()
    fireEvent.click(complete)
    const ask = await screen.findByRole('alertdialog', { name: 'Concluir Raid de quinta?' })
    fireEvent.click(within(ask).getByRole('button', { name: 'Concluir' }))
    await waitForToast('success', 'Evento concluído')
    const reopen = await screen.findByRole('button', { name: 'Reabrir' })
    await waitFor(() => expect(document.activeElement).toBe(reopen))
  })
})
