import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LootHistoryRow } from '@contract/history'
import { useGuildEvents } from '@web/lib/realtime'
import { FakeEventSource } from '@web/test/fake-event-source'
import { apiError, loadTexts, readerOn, renderPage, renderRoutes } from '@web/test/render'
import { waitForToast } from '@web/test/toasts'
import { EventPage } from './event-page'
import { attendanceRow, callsTo, NIGHT_ID, nightDetail, serveNights } from './raid-nights.test-support'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

beforeAll(() => loadTexts(['events']))
// The reader on the São Paulo guild's clock, unless a test moves them.
beforeEach(() => readerOn('America/Sao_Paulo'))

const award = (
  itemName: string,
  playerName: string,
  extra: Partial<LootHistoryRow> = {},
): LootHistoryRow => ({
  id: crypto.randomUUID(),
  itemId: null,
  itemName,
  itemRarity: 'epic',
  itemType: null,
  playerId: null,
  playerName,
  previousQueuePosition: 2,
  distributedByName: 'Ana',
  distributedByFormer: false,
  notes: null,
  distributedAt: '2026-12-10T23:30:00.000Z',
  eventId: NIGHT_ID,
  ...extra,
})

/** The night's page at /dashboard/events/:id, beside the list it goes back to. */
const renderNight = () =>
  renderRoutes(
    [
      { path: '/dashboard/events/:id', element: <EventPage id={NIGHT_ID} /> },
      { path: '/dashboard/events', element: <p>lista de eventos</p> },
    ],
    `/dashboard/events/${NIGHT_ID}`,
  )

/** The event page as the dashboard shell mounts it: beside the guild's event stream. */
function LiveNight() {
  useGuildEvents()
  return <EventPage id={NIGHT_ID} />
}

describe('event page', () => {
  it("writes a night's times with two-digit hours, and its zone with the offset the night itself has", async () => {
    // 15 July 2027 in New York: summer time (GMT-4), whatever the offset on the day the page is read.
    serveNights({
      nights: [
        nightDetail({
          timeZone: 'America/New_York',
          date: '2027-07-15',
          startTime: '07:50',
          endTime: '23:30',
          startsAt: '2027-07-15T11:50:00.000Z',
          endsAt: '2027-07-16T03:30:00.000Z',
          runsUntil: '2027-07-16T03:30:00.000Z',
        }),
      ],
    })
    renderNight()
    await screen.findByRole('heading', { level: 1, name: 'Raid de quinta' })
    // A São Paulo reader is told the times are New York's.
    expect(screen.getByTestId('night-when').textContent).toBe(
      'qui., 15/07/2027 · 07:50 às 23:30 (Horário Nova York)',
    )
    expect(screen.getByText('America/New York (GMT-4)')).toBeTruthy()
  })

  // An outside test (2026-12-06): a Berlin guild's night read from São Paulo showed "18:00 às 23:30" and its
  // awards at "18:11" on this page, the same awards at 14:11 in the history, and nothing said which clock.
  it.each([
    [
      'pt',
      'dom., 06/12/2026 · 18:00 às 23:30 (Horário Alemanha)',
      'Hora (Horário Alemanha)',
      '06/12/2026, 18:11',
    ],
    [
      'en',
      'Sun, 12/6/2026 · 6:00 PM to 11:30 PM (Germany Time)',
      'Time (Germany Time)',
      '12/6/2026, 6:11 PM',
    ],
  ] as const)(
    "says the guild's zone after the night's times and over its awards' to a reader on another clock (%s)",
    async (language, when, timeColumn, awardTime) => {
      await loadTexts(['events'], language)
      readerOn('America/Sao_Paulo')
      serveNights({
        nights: [
          nightDetail({
            timeZone: 'Europe/Berlin',
            date: '2026-12-06',
            startTime: '18:00',
            endTime: '23:30',
            startsAt: '2026-12-06T17:00:00.000Z',
            endsAt: '2026-12-06T22:30:00.000Z',
            runsUntil: '2026-12-06T22:30:00.000Z',
            awards: 1,
            awardRows: [award('Espada', 'Ana', { distributedAt: '2026-12-06T17:11:00.000Z' })],
          }),
        ],
      })
      renderNight()
      await screen.findByRole('heading', { level: 1, name: 'Raid de quinta' })
      const spaced = (text: string | null) => text?.replace(/\s/g, ' ')
      expect(spaced(screen.getByTestId('night-when').textContent)).toBe(spaced(when))
      const caption = { pt: 'Itens distribuídos no evento', en: 'Items distributed during the event' }[
        language
      ]
      const awards = screen.getByRole('table', { name: caption })
      expect(within(awards).getByRole('columnheader', { name: timeColumn })).toBeTruthy()
      // The award on the night's clock: 18:11 in Berlin, not the reader's 14:11.
      const row = within(awards).getByText('Espada').closest('tr') as HTMLElement
      expect(spaced(row.querySelector('time')!.textContent)).toBe(spaced(awardTime))
      // On a phone, where the time column and its heading are hidden, the zone follows the time under the item.
      expect(row.querySelector('td:first-child [data-zone="Europe/Berlin"]')).not.toBeNull()
      await loadTexts(['events'], 'pt')
    },
  )

  it("says no zone to a reader whose clock is the guild's", async () => {
    readerOn('Europe/Berlin')
    serveNights({
      nights: [
        nightDetail({
          timeZone: 'Europe/Berlin',
          startsAt: '2026-12-06T17:00:00.000Z',
          runsUntil: '2026-12-06T22:30:00.000Z',
          awardRows: [award('Espada', 'Ana', { distributedAt: '2026-12-06T17:11:00.000Z' })],
        }),
      ],
    })
    renderNight()
    await screen.findByRole('heading', { level: 1, name: 'Raid de quinta' })
    expect(screen.getByTestId('night-when').textContent).not.toContain('(')
    expect(screen.getByRole('columnheader', { name: 'Hora' })).toBeTruthy()
    expect(document.querySelector('[data-zone]')).toBeNull()
  })

  it("shows the night on the guild's clock, its totals and every award with its note", async () => {
    serveNights({
      nights: [
        nightDetail({
          description: 'Levem poções de resistência',
          phase: 'running',
          awards: 2,
          attendanceRows: [
            attendanceRow('Ana', 'present'),
            attendanceRow('Bruno', 'late'),
            attendanceRow('Caio', 'bench'),
            attendanceRow('Duda', 'no_show'),
            attendanceRow('Enzo'),
          ],
          awardRows: [
            award('Espada', 'Ana', { notes: 'Ganhou na rolagem' }),
            award('Escudo', 'Bruno', { distributedAt: '2026-12-11T01:05:00.000Z' }),
          ],
        }),
      ],
    })
    renderNight()
    expect(await screen.findByRole('heading', { level: 1, name: 'Raid de quinta' })).toBeTruthy()
    expect(screen.getByText('Em andamento')).toBeTruthy()
    expect(screen.queryByText('Ativo')).toBeNull()
    expect(screen.getByTestId('night-when').textContent).toBe('qui., 10/12/2026 · 20:00 às 23:00')
    expect(screen.getByText('America/Sao Paulo (GMT-3)')).toBeTruthy()
    expect(screen.getByText('Levem poções de resistência')).toBeTruthy()

    const totals = screen.getByRole('region', { name: 'Resumo do evento' })
    const figure = (key: string) => within(totals).getByTestId(`total-${key}`).textContent
    expect(figure('present')).toBe('Presentes1')
    expect(figure('late')).toBe('Atrasados1')
    expect(figure('bench')).toBe('No banco1')
    expect(figure('excused')).toBe('Dispensados0')
    expect(figure('no_show')).toBe('Faltaram sem avisar1')
    expect(figure('none')).toBe('Sem marcação1')
    expect(figure('awards')).toBe('Itens distribuídos2')

    const awards = screen.getByRole('table', { name: 'Itens distribuídos no evento' })
    const sword = within(awards).getByText('Espada').closest('tr') as HTMLElement
    expect(within(sword).getByText('Ana')).toBeTruthy()
    // The note and the time in their columns, and on a phone under the item (CSS shows one of them).
    expect(within(sword).getAllByText('Ganhou na rolagem')).toHaveLength(2)
    // 23:30 UTC is 20:30 in São Paulo, whatever the reader's clock; after midnight it is the next day.
    expect(within(sword).getAllByText('10/12/2026, 20:30')).toHaveLength(2)
    const shield = within(awards).getByText('Escudo').closest('tr') as HTMLElement
    expect(within(shield).getAllByText('10/12/2026, 22:05')).toHaveLength(2)
    expect(within(shield).getByText('—')).toBeTruthy()

    expect(screen.getByRole('link', { name: 'Ver no histórico' }).getAttribute('href')).toBe(
      `/dashboard/history?event=${NIGHT_ID}`,
    )
    expect(screen.getByRole('link', { name: 'Ver as atividades do evento' }).getAttribute('href')).toBe(
      `/dashboard/history?tab=activity&event=${NIGHT_ID}`,
    )
  })

  it('offers the actions of its status, asks before completing a running night, and goes back once deleted', async () => {
    const calls = serveNights({
      nights: [nightDetail({ phase: 'running' })],
      replies: {
        [`POST /raid-nights/${NIGHT_ID}/status`]: {
          body: nightDetail({ status: 'completed', phase: 'ended' }),
        },
        [`DELETE /raid-nights/${NIGHT_ID}`]: { status: 204 },
      },
    })
    const { router } = renderNight()
    await screen.findByRole('heading', { level: 1, name: 'Raid de quinta' })
    expect(screen.queryByRole('button', { name: 'Reabrir' })).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Concluir' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Concluir Raid de quinta?' })
    expect(within(ask).getByText(/não ficam ligados a ele/)).toBeTruthy()
    fireEvent.click(within(ask).getByRole('button', { name: 'Concluir' }))
    await waitForToast('success', 'Evento concluído')
    expect(callsTo(calls, 'POST', `/raid-nights/${NIGHT_ID}/status`)[0]!.body).toEqual({ action: 'complete' })
    // The answer is the night as it is now: completed, so it can be reopened or archived.
    expect(await screen.findByText('Concluído')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Reabrir' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Concluir' })).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Excluir' }))
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Excluir Raid de quinta?' })).getByRole(
        'button',
        {
          name: 'Excluir',
        },
      ),
    )
    await waitForToast('success', 'Evento excluído')
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/events'))
  })

  it('asks before archiving the night while it runs', async () => {
    const calls = serveNights({
      nights: [nightDetail({ phase: 'running' })],
      replies: {
        [`POST /raid-nights/${NIGHT_ID}/status`]: {
          body: nightDetail({ status: 'archived', phase: 'ended' }),
        },
      },
    })
    renderNight()
    await screen.findByRole('heading', { level: 1, name: 'Raid de quinta' })
    fireEvent.click(screen.getByRole('button', { name: 'Arquivar' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Arquivar Raid de quinta?' })
    expect(within(ask).getByText(/ainda está em andamento/)).toBeTruthy()
    expect(callsTo(calls, 'POST', `/raid-nights/${NIGHT_ID}/status`)).toHaveLength(0)
    fireEvent.click(within(ask).getByRole('button', { name: 'Arquivar' }))
    await waitForToast('success', 'Evento arquivado')
    expect(callsTo(calls, 'POST', `/raid-nights/${NIGHT_ID}/status`)[0]!.body).toEqual({ action: 'archive' })
  })

  it('copies the night once when "Repetir na semana seguinte" is double-clicked', async () => {
    const calls = serveNights({
      nights: [nightDetail()],
      replies: {
        [`POST /raid-nights/${NIGHT_ID}/copy`]: { status: 201, body: nightDetail({ date: '2026-12-17' }) },
      },
    })
    renderNight()
    await screen.findByRole('heading', { level: 1, name: 'Raid de quinta' })
    const copy = screen.getByRole('button', { name: 'Repetir na semana seguinte' })
    fireEvent.click(copy)
    fireEvent.click(copy)
    await waitFor(() => expect(copy).toHaveProperty('disabled', true))
    await waitForToast('success', 'Evento copiado para qui., 17/12/2026', expect.anything())
    await waitFor(() => expect(copy).toHaveProperty('disabled', false))
    expect(callsTo(calls, 'POST', `/raid-nights/${NIGHT_ID}/copy`)).toHaveLength(1)
  })

  it('says up front that a night with awards cannot be cancelled, and archives it instead', async () => {
    const calls = serveNights({
      nights: [nightDetail({ phase: 'ended', awards: 1, awardRows: [award('Espada', 'Ana')] })],
      replies: {
        [`POST /raid-nights/${NIGHT_ID}/status`]: { body: nightDetail({ status: 'archived', awards: 1 }) },
      },
    })
    renderNight()
    await screen.findByRole('heading', { level: 1, name: 'Raid de quinta' })
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar evento' }))
    const archive = await screen.findByRole('alertdialog', { name: 'Raid de quinta não pode ser cancelado' })
    expect(within(archive).getByText(/Itens foram distribuídos neste evento/)).toBeTruthy()
    fireEvent.click(within(archive).getByRole('button', { name: 'Voltar' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(callsTo(calls, 'POST', `/raid-nights/${NIGHT_ID}/status`)).toHaveLength(0)

    fireEvent.click(screen.getByRole('button', { name: 'Cancelar evento' }))
    fireEvent.click(
      within(
        await screen.findByRole('alertdialog', { name: 'Raid de quinta não pode ser cancelado' }),
      ).getByRole('button', { name: 'Arquivar' }),
    )
    await waitForToast('success', 'Evento arquivado')
    expect(callsTo(calls, 'POST', `/raid-nights/${NIGHT_ID}/status`).map((call) => call.body)).toEqual([
      { action: 'archive' },
    ])
  })

  it('says when the night does not exist (another guild, or deleted)', async () => {
    serveNights({ replies: { [`GET /raid-nights/${NIGHT_ID}`]: apiError(404, 'NOT_FOUND') } })
    renderNight()
    expect(await screen.findByText('Evento não encontrado')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Eventos' }).getAttribute('href')).toBe('/dashboard/events')
  })

  it('shows what Pro would offer when the server answers 402', async () => {
    serveNights({ refuse: apiError(402, 'SUBSCRIPTION_REQUIRED') })
    renderNight()
    expect(await screen.findByText('Eventos Premium')).toBeTruthy()
  })

  it("shows another officer's marks within a moment: the stream's raid-nights topic reads the night again", async () => {
    FakeEventSource.all = []
    vi.stubGlobal('EventSource', FakeEventSource)
    const ana = attendanceRow('Ana')
    const calls = serveNights({ nights: [nightDetail({ attendanceRows: [ana] })] })
    renderPage(<LiveNight />, '/', { live: true })
    const group = await screen.findByRole('group', { name: 'Ana' })
    expect(within(group).getByRole('radio', { name: 'Sem marcação' })).toHaveProperty('checked', true)
    const reads = callsTo(calls, 'GET', `/raid-nights/${NIGHT_ID}`).length

    ana.status = 'excused'
    act(() => FakeEventSource.all.at(-1)!.emit('change', { topic: 'raid-nights' }))
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: 'Ana' })).getByRole('radio', { name: 'Dispensado' }),
      ).toHaveProperty('checked', true),
    )
    expect(callsTo(calls, 'GET', `/raid-nights/${NIGHT_ID}`).length).toBe(reads + 1)
  })
})
