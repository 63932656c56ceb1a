import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { toast } from 'sonner'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { loadTexts, renderPage } from '@web/test/render'
import { waitForToast } from '@web/test/toasts'
import { EventsPage } from './events-page'
import { callsTo, night, serveNights } from './raid-nights.test-support'

// A guild runs one night at a time: the server refuses a night over another active one (RAID_NIGHT_OVERLAP,
// its message naming that night), and an end equal to the start (endEqualsStart). What the events screen
// says of each, and a night past midnight's end on the next day.

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

beforeAll(() => loadTexts(['events']))

/** The server's words: the errors' text, in the reader's language, with the other night's name and hours. */
const OVERLAP_TEXT =
  'Esse horário se sobrepõe ao de outro evento ativo: “Raid de quinta”, qui., 10/12/2026, 20:00 às 23:00. ' +
  'A guild tem um evento por vez: mude o horário, ou conclua ou cancele o outro evento.'
const overlap = (fields?: Record<string, string>) => ({
  status: 409,
  body: { error: { code: 'RAID_NIGHT_OVERLAP', message: OVERLAP_TEXT, ...(fields ? { fields } : {}) } },
})

async function openNewNight() {
  renderPage(<EventsPage />)
  fireEvent.click((await screen.findAllByRole('button', { name: 'Novo evento' }))[0]!)
  return screen.findByRole('dialog', { name: 'Novo evento' })
}

const type = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } })

describe('one night at a time, on the events screen', () => {
  it('says under the start time which night a new one would overlap, and keeps the form open', async () => {
    vi.mocked(toast.error).mockClear()
    const calls = serveNights({
      replies: { 'POST /raid-nights': overlap({ startTime: 'RAID_NIGHT_OVERLAP' }) },
    })
    const dialog = await openNewNight()
    type(dialog, 'Nome', 'Raid extra')
    type(dialog, 'Data', '2026-12-10')
    type(dialog, 'Início', '22:00')
    type(dialog, 'Fim (opcional)', '02:00')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar evento' }))

    const said = await within(dialog).findByText(OVERLAP_TEXT)
    // Under the start's field, which takes the focus.
    const start = within(dialog).getByLabelText('Início')
    expect(start.closest('div')?.parentElement?.contains(said)).toBe(true)
    await waitFor(() => expect(document.activeElement).toBe(start))
    expect(callsTo(calls, 'POST', '/raid-nights')).toHaveLength(1)
    expect(screen.getByRole('dialog', { name: 'Novo evento' })).toBeTruthy()
    expect(toast.error).not.toHaveBeenCalled()
  })

  it('refuses an end equal to the start under the end time, before asking the server', async () => {
    const calls = serveNights()
    const dialog = await openNewNight()
    type(dialog, 'Nome', 'Dia inteiro')
    type(dialog, 'Início', '20:00')
    type(dialog, 'Fim (opcional)', '20:00')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar evento' }))
    expect(
      await within(dialog).findByText(
        'O fim é igual ao início: escolha outro horário, ou deixe o fim vazio.',
      ),
    ).toBeTruthy()
    expect(callsTo(calls, 'POST', '/raid-nights')).toHaveLength(0)
  })

  it("says the server's refusal of an end equal to the start in the same words", async () => {
    const refusal = {
      status: 400,
      body: { error: { code: 'VALIDATION_FAILED', message: 'x', fields: { endTime: 'endEqualsStart' } } },
    }
    serveNights({ replies: { 'POST /raid-nights': refusal } })
    const dialog = await openNewNight()
    type(dialog, 'Nome', 'Raid')
    type(dialog, 'Fim (opcional)', '23:00')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar evento' }))
    expect(
      await within(dialog).findByText(
        'O fim é igual ao início: escolha outro horário, ou deixe o fim vazio.',
      ),
    ).toBeTruthy()
  })

  it('says "same as last week" clicked again is not copied, naming the copy made before', async () => {
    const thursday = night({ date: '2026-12-03' })
    serveNights({
      upcoming: [thursday],
      replies: { [`POST /raid-nights/${thursday.id}/copy`]: overlap() },
    })
    renderPage(<EventsPage />)
    fireEvent.click(await screen.findByRole('button', { name: 'Repetir Raid de quinta na semana seguinte' }))
    await waitForToast('error', 'Não copiado: a semana seguinte já tem um evento ativo nesse horário', {
      description: OVERLAP_TEXT,
    })
  })

  it('says why a night cannot be reopened over another one', async () => {
    const cancelled = night({ name: 'Raid adiada', status: 'cancelled', phase: 'ended' })
    serveNights({ past: [cancelled], replies: { [`POST /raid-nights/${cancelled.id}/status`]: overlap() } })
    renderPage(<EventsPage />)
    await screen.findByRole('link', { name: 'Raid adiada' })
    fireEvent.keyDown(screen.getByRole('button', { name: 'Mais ações para Raid adiada' }), { key: 'Enter' })
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Reabrir' }))
    await waitForToast('error', 'Erro ao reabrir o evento', { description: OVERLAP_TEXT })
  })
})

describe("a night's hours past midnight", () => {
  it('mark the end on the next day in the list', async () => {
    const late = night({ name: 'Madrugada', startTime: '22:00', endTime: '02:00' })
    serveNights({ upcoming: [late, night()] })
    renderPage(<EventsPage />)
    const row = (await screen.findByRole('link', { name: 'Madrugada' })).closest('tr') as HTMLElement
    expect(within(row).getAllByText('22:00 às 02:00 (+1 dia)')).toHaveLength(2)
    const same = (await screen.findByRole('link', { name: 'Raid de quinta' })).closest('tr') as HTMLElement
    expect(within(same).getAllByText('20:00 às 23:00')).toHaveLength(2)
  })
})
