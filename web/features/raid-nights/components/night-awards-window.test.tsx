import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { toast } from 'sonner'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { loadTexts, renderPage } from '@web/test/render'
import { EventsPage } from './events-page'
import { callsTo, night, serveNights } from './raid-nights.test-support'

// A night's new times must hold every award handed out during it (outside test F, defect 2): the server
// refuses them (RAID_NIGHT_AWARDS_OUTSIDE, its message naming how many and when) under the time field the
// officer changed, and the form says so there instead of "Evento salvo".

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

beforeAll(() => loadTexts(['events']))

/** The server's words: the errors' text in the reader's language, with the awards' count and times. */
const AWARDS_TEXT =
  '4 itens foram distribuídos neste evento, entre seg., 07/12/2026, 05:50 e 05:51: o novo horário precisa ' +
  'incluí-los. Nada foi alterado.'

describe('moving a night that has awards', () => {
  it('says under the date why the new times are refused, focuses it and keeps the form open', async () => {
    vi.mocked(toast.success).mockClear()
    vi.mocked(toast.error).mockClear()
    const monday = night({
      name: 'Raid de segunda',
      date: '2026-12-07',
      startTime: '05:30',
      endTime: '23:30',
    })
    const calls = serveNights({
      upcoming: [monday],
      replies: {
        [`PATCH /raid-nights/${monday.id}`]: {
          status: 409,
          body: {
            error: {
              code: 'RAID_NIGHT_AWARDS_OUTSIDE',
              message: AWARDS_TEXT,
              fields: { date: 'RAID_NIGHT_AWARDS_OUTSIDE' },
            },
          },
        },
      },
    })
    renderPage(<EventsPage />)
    fireEvent.click(await screen.findByRole('button', { name: 'Editar Raid de segunda' }))
    const dialog = await screen.findByRole('dialog', { name: 'Editar evento' })
    fireEvent.change(within(dialog).getByLabelText('Data'), { target: { value: '2026-12-08' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))

    const said = await within(dialog).findByText(AWARDS_TEXT)
    const date = within(dialog).getByLabelText('Data')
    expect(date.closest('div')?.parentElement?.contains(said)).toBe(true)
    expect(date.getAttribute('aria-invalid')).toBe('true')
    await waitFor(() => expect(document.activeElement).toBe(date))
    expect(callsTo(calls, 'PATCH', `/raid-nights/${monday.id}`)).toHaveLength(1)
    expect(screen.getByRole('dialog', { name: 'Editar evento' })).toBeTruthy()
    expect(toast.success).not.toHaveBeenCalled()
    expect(toast.error).not.toHaveBeenCalled()
  })
})
