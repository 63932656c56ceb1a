import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { toast } from 'sonner'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { AttendanceRow } from '@contract/raid-nights'
import { type ApiCall, apiError, loadTexts, renderPage } from '@web/test/render'
import { waitForToast } from '@web/test/toasts'
import { SAVE_QUIET_MS } from '../hooks/use-attendance-marks'
import { EventPage } from './event-page'
import {
  attendanceRow,
  callsTo,
  NIGHT_ID,
  nightDetail,
  PREVIOUS_ID,
  rosterOf,
  serveNights,
} from './raid-nights.test-support'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

beforeAll(() => loadTexts(['events']))

const ATTENDANCE = `/raid-nights/${NIGHT_ID}/attendance`
const row = (name: string) => screen.getByRole('group', { name })
const radio = (name: string, mark: string) => within(row(name)).getByRole('radio', { name: mark })
const checked = (name: string) =>
  (within(row(name)).getAllByRole('radio') as HTMLInputElement[]).find((input) => input.checked)!
const press = (key: string) => fireEvent.keyDown(document.activeElement!, { key })
/** The toast of a prefill that changed marks: it offers to put them back. */
const undoable = expect.objectContaining({ action: expect.objectContaining({ label: 'Desfazer' }) })
const sent = (calls: ApiCall[]) =>
  callsTo(calls, 'PUT', ATTENDANCE).map((call) => (call.body as { entries: unknown[] }).entries)

/** The night with `rows`, its marks kept by the stand-in as PUT sets them. */
function serveRoster(rows: AttendanceRow[], extra: Parameters<typeof serveNights>[0] = {}) {
  const night = { ...(extra.nights?.[0] ?? nightDetail()), attendanceRows: rows }
  return serveNights({
    ...extra,
    nights: [night, ...(extra.nights?.slice(1) ?? [])],
    replies: {
      [`PUT ${ATTENDANCE}`]: (call) => {
        const { entries } = call.body as { entries: { playerId: string; status: AttendanceRow['status'] }[] }
        for (const entry of entries) {
          const found = night.attendanceRows.find((r) => r.playerId === entry.playerId)
          if (found) found.status = entry.status
        }
        return { body: { changed: entries.length } }
      },
      ...extra.replies,
    },
  })
}

/** The server's "everyone present" prefill, as the stand-in of `roster`: every row present. */
const everyonePresentReply = (roster: AttendanceRow[]) => ({
  [`POST /raid-nights/${NIGHT_ID}/attendance/prefill`]: () => {
    for (const r of roster) r.status = 'present'
    return { body: { changed: roster.length, unmarkedNoShows: 0 } }
  },
})

async function openNight() {
  renderPage(<EventPage id={NIGHT_ID} />, `/dashboard/events/${NIGHT_ID}`, { toaster: false })
  await screen.findByRole('list', { name: 'Presença dos jogadores' })
}

describe('attendance editor', () => {
  it('fills 40 rows from the keyboard: a digit marks the row and moves down, all saved in one request', async () => {
    const roster = rosterOf(40)
    const calls = serveRoster(roster)
    await openNight()
    checked('Jogador 01').focus()
    const marks = ['1', '2', '3', '4', '5']
    for (let i = 0; i < 40; i++) press(marks[i % 5]!)

    // Shown at once, and counted.
    expect(radio('Jogador 01', 'Presente')).toHaveProperty('checked', true)
    expect(radio('Jogador 02', 'Atrasado')).toHaveProperty('checked', true)
    expect(radio('Jogador 40', 'Faltou sem avisar')).toHaveProperty('checked', true)
    expect(screen.getByTestId('total-present').textContent).toBe('Presentes8')
    expect(screen.getByTestId('total-none').textContent).toBe('Sem marcação0')
    // The last row keeps the focus.
    expect(document.activeElement).toBe(radio('Jogador 40', 'Faltou sem avisar'))

    // 40 rows re-render on a loaded machine for seconds: the save waits for the pause after the last key.
    await waitFor(() => expect(sent(calls)).toHaveLength(1), { timeout: 10_000 })
    const entries = sent(calls)[0] as { playerId: string; status: string }[]
    expect(entries).toHaveLength(40)
    expect(entries[0]).toEqual({ playerId: roster[0]!.playerId, status: 'present' })
    expect(entries[39]).toEqual({ playerId: roster[39]!.playerId, status: 'no_show' })
    expect(await screen.findByText('Presença salva', {}, { timeout: 10_000 })).toBeTruthy()
    // 40 rows take ~2.5 s in jsdom on a quiet machine, up to 10 s beside other test files.
  }, 30_000)

  it('moves between rows with the arrows, Home and End, changes a mark with left and right, and 0 clears', async () => {
    const roster = [attendanceRow('Ana', 'present'), attendanceRow('Bruno'), attendanceRow('Caio', 'bench')]
    const calls = serveRoster(roster)
    await openNight()
    checked('Ana').focus()
    press('ArrowDown')
    expect(document.activeElement).toBe(radio('Bruno', 'Sem marcação'))
    press('End')
    expect(document.activeElement).toBe(radio('Caio', 'No banco'))
    press('Home')
    expect(document.activeElement).toBe(radio('Ana', 'Presente'))
    press('ArrowUp')
    expect(document.activeElement).toBe(radio('Ana', 'Presente'))

    // Right from Present is Late; left from Present wraps to "not marked".
    press('ArrowRight')
    expect(radio('Ana', 'Atrasado')).toHaveProperty('checked', true)
    expect(document.activeElement).toBe(radio('Ana', 'Atrasado'))
    press('ArrowLeft')
    press('ArrowLeft')
    expect(radio('Ana', 'Sem marcação')).toHaveProperty('checked', true)

    press('End')
    press('0')
    expect(radio('Caio', 'Sem marcação')).toHaveProperty('checked', true)
    await waitFor(() => expect(sent(calls).flat()).toHaveLength(2))
    expect(sent(calls).flat()).toEqual([
      { playerId: roster[0]!.playerId, status: null },
      { playerId: roster[2]!.playerId, status: null },
    ])
  })

  it('marks with the mouse too, documents the keys on screen and filters rows by name', async () => {
    const roster = [attendanceRow('Ágata'), attendanceRow('Bruno'), attendanceRow('Agnaldo')]
    const calls = serveRoster(roster)
    await openNight()
    expect(screen.getByText('marcam e descem para o próximo jogador', { exact: false })).toBeTruthy()
    expect(
      screen.getByRole('list', { name: 'Presença dos jogadores' }).getAttribute('aria-describedby'),
    ).toBeTruthy()

    fireEvent.change(screen.getByLabelText('Filtrar por nome'), { target: { value: 'ag' } })
    expect(screen.queryByRole('group', { name: 'Bruno' })).toBeNull()
    expect(row('Ágata')).toBeTruthy()
    expect(row('Agnaldo')).toBeTruthy()
    fireEvent.keyDown(screen.getByLabelText('Filtrar por nome'), { key: 'ArrowDown' })
    expect(document.activeElement).toBe(radio('Ágata', 'Sem marcação'))
    press('4')
    expect(document.activeElement).toBe(radio('Agnaldo', 'Sem marcação'))

    fireEvent.click(radio('Agnaldo', 'Atrasado'))
    await waitFor(() => expect(sent(calls).flat()).toHaveLength(2))
    expect(sent(calls).flat()).toContainEqual({ playerId: roster[2]!.playerId, status: 'late' })

    fireEvent.change(screen.getByLabelText('Filtrar por nome'), { target: { value: 'zé' } })
    expect(screen.getByText('Nenhum jogador com esse nome.')).toBeTruthy()
  })

  it('puts the rows back as the server has them and says so when a save is refused', async () => {
    const roster = [attendanceRow('Ana', 'present'), attendanceRow('Bruno')]
    serveRoster(roster, { replies: { [`PUT ${ATTENDANCE}`]: apiError(500, 'INTERNAL') } })
    await openNight()
    checked('Bruno').focus()
    press('5')
    expect(radio('Bruno', 'Faltou sem avisar')).toHaveProperty('checked', true)
    await waitForToast('error', 'A presença de 1 jogador não foi salva', expect.anything())
    await waitFor(() => expect(radio('Bruno', 'Sem marcação')).toHaveProperty('checked', true))
    expect(radio('Ana', 'Presente')).toHaveProperty('checked', true)
  })

  it('never says the attendance was saved after a refused save, and says it once a later one is', async () => {
    const roster = [attendanceRow('Ana'), attendanceRow('Bruno')]
    let refuse = true
    serveRoster(roster, {
      replies: {
        // A player deleted meanwhile: the server refuses the whole request.
        [`PUT ${ATTENDANCE}`]: () => (refuse ? apiError(404, 'NOT_FOUND') : { body: { changed: 1 } }),
      },
    })
    await openNight()
    checked('Bruno').focus()
    press('1')
    await waitForToast('error', 'A presença de 1 jogador não foi salva', expect.anything())
    await waitFor(() => expect(radio('Bruno', 'Sem marcação')).toHaveProperty('checked', true))
    const status = screen.getByTestId('attendance-saving')
    await waitFor(() => expect(status.textContent).toBe('Presença não salva'))
    expect(status.textContent).not.toBe('Presença salva')

    refuse = false
    checked('Ana').focus()
    press('1')
    await waitFor(() => expect(screen.getByTestId('attendance-saving').textContent).toBe('Presença salva'))
  })

  it('prefills once when a prefill button is double-clicked', async () => {
    const roster = rosterOf(3)
    const calls = serveRoster(roster, { replies: everyonePresentReply(roster) })
    await openNight()
    const everyone = screen.getByRole('button', { name: 'Todos presentes' })
    fireEvent.click(everyone)
    fireEvent.click(everyone)
    await waitForToast('success', '3 marcações alteradas', undoable)
    await waitFor(() => expect(radio('Jogador 03', 'Presente')).toHaveProperty('checked', true))
    expect(callsTo(calls, 'POST', `/raid-nights/${NIGHT_ID}/attendance/prefill`)).toHaveLength(1)
  })

  it('prefills from the previous event, named by its name and date, at once, and asks before replacing marks with everyone present', async () => {
    const roster = rosterOf(12)
    const calls = serveRoster(roster, {
      nights: [
        nightDetail({ previousId: PREVIOUS_ID }),
        nightDetail({ id: PREVIOUS_ID, date: '2026-12-03' }),
      ],
      replies: {
        [`POST /raid-nights/${NIGHT_ID}/attendance/prefill`]: (call) => {
          const { from } = call.body as { from: string }
          for (const r of roster) r.status = from === 'everyone' ? 'present' : 'bench'
          return { body: { changed: 12, unmarkedNoShows: from === 'everyone' ? 0 : 2 } }
        },
      },
    })
    await openNight()
    // Named by the night it copies, not its date alone: two nights of one day read alike (outside tester).
    fireEvent.click(
      await screen.findByRole('button', { name: 'Copiar de Raid de quinta (qui., 03/12/2026)' }),
    )
    // Last time's no-shows are left unmarked, and the toast says so (outside tester K).
    await waitForToast(
      'success',
      '12 marcações alteradas',
      expect.objectContaining({
        description:
          '2 jogadores que faltaram sem avisar da última vez ficaram sem marcação: marque quem veio.',
        action: expect.objectContaining({ label: 'Desfazer' }),
      }),
    )
    expect(callsTo(calls, 'POST', `/raid-nights/${NIGHT_ID}/attendance/prefill`)[0]!.body).toEqual({
      from: 'previous',
    })
    await waitFor(() => expect(radio('Jogador 12', 'No banco')).toHaveProperty('checked', true))

    fireEvent.click(screen.getByRole('button', { name: 'Todos presentes' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Substituir as marcações?' })
    expect(
      within(ask).getByText('Todos os jogadores ativos passam a ser marcados como presentes.'),
    ).toBeTruthy()
    fireEvent.click(within(ask).getByRole('button', { name: 'Substituir' }))
    await waitFor(() => expect(radio('Jogador 01', 'Presente')).toHaveProperty('checked', true))
    expect(callsTo(calls, 'POST', `/raid-nights/${NIGHT_ID}/attendance/prefill`)[1]!.body).toEqual({
      from: 'everyone',
    })
  })

  it("puts every mark back as it was before a prefill, from the toast's Desfazer", async () => {
    const roster = [attendanceRow('Ana', 'no_show'), attendanceRow('Bia', 'bench'), attendanceRow('Caio')]
    const before = roster.map(({ playerId, status }) => ({ playerId, status }))
    const calls = serveRoster(roster, { replies: everyonePresentReply(roster) })
    await openNight()
    fireEvent.click(screen.getByRole('button', { name: 'Todos presentes' }))
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Substituir' }),
    )
    await waitForToast('success', '3 marcações alteradas', undoable)
    await waitFor(() => expect(radio('Ana', 'Presente')).toHaveProperty('checked', true))

    const [, options] = vi.mocked(toast.success).mock.lastCall as unknown as [
      string,
      { action: { onClick: () => void } },
    ]
    options.action.onClick()
    await waitForToast('success', 'Marcações de antes restauradas')
    // One request with every row as it was, the unmarked one unmarked again.
    expect(sent(calls)).toEqual([before])
    await waitFor(() => expect(radio('Ana', 'Faltou sem avisar')).toHaveProperty('checked', true))
    expect(radio('Bia', 'No banco')).toHaveProperty('checked', true)
    expect(checked('Caio').value).toBe('none')
  })

  describe('leaving the page', () => {
    /** A page event as the browser sends it; whether a listener asked the browser to stay. */
    const dispatch = (target: EventTarget, type: string) => {
      const event = new Event(type, { cancelable: true })
      target.dispatchEvent(event)
      return { asked: event.defaultPrevented }
    }

    it('sends a pending mark at once, to outlive the page, when the page is put away (pagehide)', async () => {
      const roster = [attendanceRow('Ana'), attendanceRow('Bruno')]
      const calls = serveRoster(roster)
      await openNight()
      checked('Ana').focus()
      press('1')
      press('2')
      // Typed a moment ago: the debounced save has not left yet.
      expect(sent(calls)).toEqual([])
      // A reload: the browser asks nothing, as the marks are sent in a request that outlives the page…
      expect(dispatch(window, 'beforeunload').asked).toBe(false)
      dispatch(window, 'pagehide')
      // …in the page's last event, not after it.
      const puts = callsTo(calls, 'PUT', ATTENDANCE)
      expect(puts).toEqual([
        {
          method: 'PUT',
          path: ATTENDANCE,
          keepalive: true,
          body: {
            entries: [
              { playerId: roster[0]!.playerId, status: 'present' },
              { playerId: roster[1]!.playerId, status: 'late' },
            ],
          },
        },
      ])
      // Nothing is sent twice when the debounce would have fired.
      await waitFor(() => expect(screen.getByTestId('attendance-saving').textContent).toBe('Presença salva'))
      await new Promise((resolve) => setTimeout(resolve, SAVE_QUIET_MS + 50))
      expect(sent(calls)).toHaveLength(1)
    })

    it('sends a pending mark at once when the page is hidden (another tab or app), and not when shown', async () => {
      const roster = [attendanceRow('Ana'), attendanceRow('Bruno')]
      const calls = serveRoster(roster)
      await openNight()
      checked('Bruno').focus()
      press('4')
      const visibility = vi.spyOn(document, 'visibilityState', 'get')
      try {
        visibility.mockReturnValue('visible')
        dispatch(document, 'visibilitychange')
        expect(sent(calls)).toEqual([])
        visibility.mockReturnValue('hidden')
        dispatch(document, 'visibilitychange')
        expect(callsTo(calls, 'PUT', ATTENDANCE)).toEqual([
          expect.objectContaining({
            keepalive: true,
            body: { entries: [{ playerId: roster[1]!.playerId, status: 'excused' }] },
          }),
        ])
      } finally {
        visibility.mockRestore()
      }
    })

    it('asks before leaving while marks are unsaved only when the browser cannot send them after the page is gone', async () => {
      // Firefox before 133: no keepalive, a request started as the page closes may never leave.
      vi.stubGlobal('Request', class {})
      const roster = [attendanceRow('Ana'), attendanceRow('Bruno')]
      const calls = serveRoster(roster)
      await openNight()
      // Nothing unsaved: nothing asked.
      expect(dispatch(window, 'beforeunload').asked).toBe(false)
      checked('Ana').focus()
      press('3')
      expect(dispatch(window, 'beforeunload').asked).toBe(true)
      // Saved, by an ordinary request: nothing left to ask about.
      await waitFor(() => expect(screen.getByTestId('attendance-saving').textContent).toBe('Presença salva'))
      expect(callsTo(calls, 'PUT', ATTENDANCE)[0]).not.toHaveProperty('keepalive')
      expect(dispatch(window, 'beforeunload').asked).toBe(false)
    })

    it('asks when a player is marked again while their earlier mark is on its way, and sends beside it as the page goes', async () => {
      const roster = [attendanceRow('Ana'), attendanceRow('Bruno')]
      const calls = serveRoster(roster)
      // The first save stays on its way until released.
      let release = () => {}
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      const served = globalThis.fetch
      vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
        const answer = served(url, init)
        if (init?.method === 'PUT') await held
        return answer
      })
      await openNight()
      checked('Ana').focus()
      press('1')
      await waitFor(() => expect(sent(calls)).toHaveLength(1))
      // On its way, and sent to outlive the page: nothing to ask.
      expect(dispatch(window, 'beforeunload').asked).toBe(false)
      // Bruno queued: sent beside it as the page goes, nothing to ask either.
      press('5')
      expect(dispatch(window, 'beforeunload').asked).toBe(false)
      // Ana again: two requests at once may land in either order, her first mark last.
      checked('Ana').focus()
      press('2')
      expect(dispatch(window, 'beforeunload').asked).toBe(true)
      // The page goes anyway: what is queued leaves at once, beside the save on its way.
      dispatch(window, 'pagehide')
      expect(callsTo(calls, 'PUT', ATTENDANCE)).toEqual([
        expect.objectContaining({
          keepalive: true,
          body: { entries: [{ playerId: roster[0]!.playerId, status: 'present' }] },
        }),
        expect.objectContaining({
          keepalive: true,
          body: {
            entries: [
              { playerId: roster[1]!.playerId, status: 'no_show' },
              { playerId: roster[0]!.playerId, status: 'late' },
            ],
          },
        }),
      ])
      release()
      await waitFor(() => expect(screen.getByTestId('attendance-saving').textContent).toBe('Presença salva'))
      expect(radio('Ana', 'Atrasado')).toHaveProperty('checked', true)
      expect(sent(calls)).toHaveLength(2)
    })
  })

  it('offers no copy from a previous event when there is none, and says why', async () => {
    serveRoster(rosterOf(2))
    await openNight()
    expect(screen.getByRole('button', { name: 'Todos presentes' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /^Copiar/ })).toBeNull()
    expect(
      screen.getByText(
        'Nada para copiar: nenhum evento chamado “Raid de quinta” começa antes deste (os cancelados não contam).',
      ),
    ).toBeTruthy()
  })

  it('names the night a copy replaces the marks with, in the question too', async () => {
    const roster = [attendanceRow('Ana', 'bench')]
    serveRoster(roster, {
      nights: [
        nightDetail({ name: 'Week 2', previousId: PREVIOUS_ID }),
        nightDetail({ id: PREVIOUS_ID, name: 'Week 2', date: '2026-12-07' }),
      ],
    })
    await openNight()
    fireEvent.click(await screen.findByRole('button', { name: 'Copiar de Week 2 (seg., 07/12/2026)' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Substituir as marcações?' })
    expect(
      within(ask).getByText(
        'A marcação de cada jogador ativo passa a ser a do evento Week 2 de seg., 07/12/2026; quem faltou sem avisar lá ou não foi marcado lá fica sem marcação.',
      ),
    ).toBeTruthy()
  })
})
