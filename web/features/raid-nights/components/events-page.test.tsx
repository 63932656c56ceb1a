import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { toast } from 'sonner'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { RAID_NIGHT_NAME_MAX } from '@contract/raid-nights'
import { apiError, describedAs, loadTexts, readerOn, renderPage } from '@web/test/render'
import { me } from '@web/test/factories'
import { waitForToast } from '@web/test/toasts'
import { EventsPage } from './events-page'
import { callsTo, night, nightDetail, serveNights } from './raid-nights.test-support'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

beforeAll(() => loadTexts(['events']))

const rowOf = async (name: string) => (await screen.findByRole('link', { name })).closest('tr') as HTMLElement
const openMenu = (name: string) =>
  fireEvent.keyDown(screen.getByRole('button', { name: `Mais ações para ${name}` }), { key: 'Enter' })

describe('events screen', () => {
  it('shows what Pro would offer when the server answers 402, and nothing else', async () => {
    serveNights({ refuse: apiError(402, 'SUBSCRIPTION_REQUIRED') })
    renderPage(<EventsPage />)
    expect(await screen.findByText('Eventos Premium')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Ver assinatura' }).getAttribute('href')).toBe(
      '/dashboard/subscription',
    )
    expect(screen.queryByRole('button', { name: 'Novo evento' })).toBeNull()
    expect(screen.queryByRole('table')).toBeNull()
    expect(toast.error).not.toHaveBeenCalled()
  })

  it("lists upcoming and past events on the guild's clock with their status, and pages the past", async () => {
    const past = Array.from({ length: 45 }, (_, i) =>
      night({ name: `Raid ${i + 1}`, status: 'completed', phase: 'ended', date: '2026-11-26', awards: 2 }),
    )
    past[0] = night({ name: 'Raid cancelada', status: 'cancelled', phase: 'ended' })
    const tuesday = night({
      name: 'Raid de terça',
      phase: 'running',
      date: '2026-12-08',
      startTime: '21:30',
      endTime: null,
    })
    const calls = serveNights({
      upcoming: [tuesday, night({ attendance: { present: 10, late: 2, bench: 1, excused: 0, noShow: 1 } })],
      past,
    })
    const { router } = renderPage(<EventsPage />, '/dashboard/events')

    const upcoming = await screen.findByRole('table', { name: 'Próximos eventos' })
    const running = within(upcoming).getByRole('link', { name: 'Raid de terça' })
    expect(running.getAttribute('href')).toBe(`/dashboard/events/${tuesday.id}`)
    const runningRow = running.closest('tr') as HTMLElement
    // Date, times and status have their columns, and on a phone a line under the name (CSS shows one of them):
    // the phone's row is the name and its actions, which stay in view (e2e/events-table.e2e.ts).
    expect(within(runningRow).getAllByText('ter., 08/12/2026')).toHaveLength(2)
    expect(within(runningRow).getAllByText('21:30')).toHaveLength(2)
    expect(within(runningRow).getAllByText('Em andamento')).toHaveLength(2)
    const thursday = await rowOf('Raid de quinta')
    expect(within(thursday).getAllByText('qui., 10/12/2026')).toHaveLength(2)
    expect(within(thursday).getAllByText('20:00 às 23:00')).toHaveLength(2)
    expect(within(thursday).getAllByText('Agendado')).toHaveLength(2)
    // Each mark apart, as the night's page counts them (late players were once added to the present); bench and
    // no-shows too, marks none has left out (an outside tester saw only present and late).
    expect(
      within(thursday).getByText('10 presentes · 2 atrasados · 1 no banco · 1 faltou sem avisar'),
    ).toBeTruthy()
    expect(within(runningRow).getByText('0 presentes')).toBeTruthy()
    expect(screen.getByTestId('guild-clock').textContent).toBe(
      'Horários no fuso da guild: America/Sao Paulo (GMT-3).',
    )
    expect(screen.getByRole('link', { name: 'Mudar na página da guild' }).getAttribute('href')).toBe(
      '/dashboard/guild',
    )

    const pastTable = screen.getByRole('table', { name: 'Eventos anteriores' })
    expect(
      within(within(pastTable).getByRole('link', { name: 'Raid cancelada' }).closest('tr')!).getAllByText(
        'Cancelado',
      ),
    ).toHaveLength(2)
    expect(
      within(within(pastTable).getByRole('link', { name: 'Raid 2' }).closest('tr')!).getAllByText(
        'Concluído',
      ),
    ).toHaveLength(2)
    expect(screen.getByText('Mostrando 1-20 de 45 registros')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /Próxima/ }))
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'))
    expect(await screen.findByRole('link', { name: 'Raid 21' })).toBeTruthy()
    expect(screen.getByText('Mostrando 21-40 de 45 registros')).toBeTruthy()
    expect(router.state.location.search).toBe('?page=2')
    const pastPages = callsTo(calls, 'GET', '/raid-nights')
      .filter((call) => call.path.includes('when=past'))
      .map((call) => new URLSearchParams(call.path.split('?')[1]).get('page'))
    expect(pastPages).toEqual(['1', '2'])
  })

  it.each([
    [
      'pt',
      [
        '5 presentes · 2 no banco · 1 dispensado',
        '1 presente · 1 atrasado · 2 dispensados · 3 faltaram sem avisar',
      ],
    ],
    ['en', ['5 present · 2 on the bench · 1 excused', '1 present · 1 late · 2 excused · 3 no-shows']],
  ] as const)(
    'sums up each night’s marks, those none has left out, with their plurals (%s)',
    async (language, sums) => {
      await loadTexts(['events'], language)
      try {
        serveNights({
          upcoming: [
            night({ name: 'Raid A', attendance: { present: 5, late: 0, bench: 2, excused: 1, noShow: 0 } }),
            night({ name: 'Raid B', attendance: { present: 1, late: 1, bench: 0, excused: 2, noShow: 3 } }),
          ],
        })
        renderPage(<EventsPage />, '/dashboard/events')
        expect(within(await rowOf('Raid A')).getByText(sums[0])).toBeTruthy()
        expect(within(await rowOf('Raid B')).getByText(sums[1])).toBeTruthy()
      } finally {
        await loadTexts(['events'], 'pt')
      }
    },
  )

  it('schedules an event on the guild clock, said on the form, and checks the fields first', async () => {
    const created = nightDetail({ name: 'Raid de sexta' })
    const calls = serveNights({ replies: { 'POST /raid-nights': { status: 201, body: created } } })
    renderPage(<EventsPage />)
    fireEvent.click((await screen.findAllByRole('button', { name: 'Novo evento' }))[0]!)
    const dialog = await screen.findByRole('dialog', { name: 'Novo evento' })
    expect(within(dialog).getByTestId('night-zone-hint').textContent).toBe(
      'Data e horários no fuso da guild: America/Sao Paulo (GMT-3).',
    )
    // Said once: the times' group is named by it, and no hint repeats it.
    expect(dialog.textContent!.split('no fuso da guild')).toHaveLength(2)
    expect(within(dialog).getByRole('group', { name: /no fuso da guild/ })).toBeTruthy()
    expect((within(dialog).getByLabelText('Início') as HTMLInputElement).value).toBe('20:00')

    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar evento' }))
    expect(await within(dialog).findByText('O nome é obrigatório.')).toBeTruthy()
    expect(callsTo(calls, 'POST', '/raid-nights')).toHaveLength(0)

    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: ' Raid de sexta ' } })
    expect(describedAs(within(dialog).getByLabelText('Nome'))).toContain(
      `Restam ${RAID_NIGHT_NAME_MAX - 15} caracteres.`,
    )
    fireEvent.change(within(dialog).getByLabelText('Data'), { target: { value: '2026-12-11' } })
    fireEvent.change(within(dialog).getByLabelText('Início'), { target: { value: '21:00' } })
    fireEvent.change(within(dialog).getByLabelText('Fim (opcional)'), { target: { value: '00:30' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar evento' }))
    await waitForToast('success', 'Evento criado')
    expect(callsTo(calls, 'POST', '/raid-nights')[0]!.body).toEqual({
      name: 'Raid de sexta',
      description: null,
      date: '2026-12-11',
      startTime: '21:00',
      endTime: '00:30',
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it("says under the end time, in words, the server's refusal of an end a clock change puts before the start", async () => {
    const refusal = {
      status: 400,
      body: { error: { code: 'VALIDATION_FAILED', message: 'x', fields: { endTime: 'endBeforeStart' } } },
    }
    serveNights({ replies: { 'POST /raid-nights': refusal } })
    renderPage(<EventsPage />)
    fireEvent.click((await screen.findAllByRole('button', { name: 'Novo evento' }))[0]!)
    const dialog = await screen.findByRole('dialog', { name: 'Novo evento' })
    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'Salto' } })
    fireEvent.change(within(dialog).getByLabelText('Data'), { target: { value: '2027-03-14' } })
    fireEvent.change(within(dialog).getByLabelText('Início'), { target: { value: '02:30' } })
    fireEvent.change(within(dialog).getByLabelText('Fim (opcional)'), { target: { value: '03:15' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar evento' }))
    expect(
      await within(dialog).findByText(
        'Nesse dia o relógio do fuso é adiantado e o início passa para depois deste fim. Escolha outro horário.',
      ),
    ).toBeTruthy()
  })

  it('edits an event with its values filled in; an empty end time is no end', async () => {
    const thursday = night({ description: 'Levem poções' })
    const calls = serveNights({
      upcoming: [thursday],
      replies: { [`PATCH /raid-nights/${thursday.id}`]: { body: nightDetail({ id: thursday.id }) } },
    })
    renderPage(<EventsPage />)
    fireEvent.click(await screen.findByRole('button', { name: 'Editar Raid de quinta' }))
    const dialog = await screen.findByRole('dialog', { name: 'Editar evento' })
    expect((within(dialog).getByLabelText('Descrição') as HTMLTextAreaElement).value).toBe('Levem poções')
    expect((within(dialog).getByLabelText('Fim (opcional)') as HTMLInputElement).value).toBe('23:00')
    fireEvent.change(within(dialog).getByLabelText('Fim (opcional)'), { target: { value: '' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    await waitForToast('success', 'Evento salvo')
    expect(callsTo(calls, 'PATCH', `/raid-nights/${thursday.id}`)[0]!.body).toEqual({
      name: 'Raid de quinta',
      description: 'Levem poções',
      date: '2026-12-10',
      startTime: '20:00',
      endTime: null,
    })
  })

  it('deletes an event after asking, and offers to archive one the server says has awards', async () => {
    const empty = night({ name: 'Raid vazia' })
    const busy = night({ name: 'Raid disputada' })
    const calls = serveNights({
      upcoming: [empty, busy],
      replies: {
        [`DELETE /raid-nights/${empty.id}`]: { status: 204 },
        // Items were handed out after the list was read.
        [`DELETE /raid-nights/${busy.id}`]: apiError(409, 'RAID_NIGHT_HAS_AWARDS'),
        [`POST /raid-nights/${busy.id}/status`]: { body: nightDetail({ id: busy.id, status: 'archived' }) },
      },
    })
    renderPage(<EventsPage />)
    await screen.findByRole('link', { name: 'Raid vazia' })
    openMenu('Raid vazia')
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Excluir' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Excluir Raid vazia?' })
    fireEvent.click(within(ask).getByRole('button', { name: 'Excluir' }))
    await waitForToast('success', 'Evento excluído')
    expect(callsTo(calls, 'DELETE', `/raid-nights/${empty.id}`)).toHaveLength(1)
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())

    openMenu('Raid disputada')
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Excluir' }))
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Excluir Raid disputada?' })).getByRole(
        'button',
        {
          name: 'Excluir',
        },
      ),
    )
    const archive = await screen.findByRole('alertdialog', { name: 'Raid disputada não pode ser excluído' })
    expect(within(archive).getByText(/Arquive o evento/)).toBeTruthy()
    fireEvent.click(within(archive).getByRole('button', { name: 'Arquivar' }))
    await waitForToast('success', 'Evento arquivado')
    expect(callsTo(calls, 'POST', `/raid-nights/${busy.id}/status`)[0]!.body).toEqual({ action: 'archive' })
  })

  it('asks to archive at once an event the list says has awards', async () => {
    const busy = night({ name: 'Raid disputada', status: 'completed', phase: 'ended', awards: 3 })
    const calls = serveNights({ past: [busy] })
    renderPage(<EventsPage />)
    await screen.findByRole('link', { name: 'Raid disputada' })
    openMenu('Raid disputada')
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Excluir' }))
    expect(
      await screen.findByRole('alertdialog', { name: 'Raid disputada não pode ser excluído' }),
    ).toBeTruthy()
    expect(callsTo(calls, 'DELETE', `/raid-nights/${busy.id}`)).toHaveLength(0)
  })

  it('names the way out of every question the same, "Voltar" (beside "Cancelar evento", "Cancelar" is ambiguous)', async () => {
    const empty = night({ name: 'Raid vazia' })
    const busy = night({ name: 'Raid disputada', status: 'completed', phase: 'ended', awards: 3 })
    serveNights({ upcoming: [empty], past: [busy] })
    renderPage(<EventsPage />)
    await screen.findByRole('link', { name: 'Raid vazia' })
    const dismissOf = async (name: string, action: string, question: string) => {
      openMenu(name)
      fireEvent.click(await screen.findByRole('menuitem', { name: action }))
      const ask = await screen.findByRole('alertdialog', { name: question })
      const buttons = within(ask)
        .getAllByRole('button')
        .map((button) => button.textContent)
      fireEvent.click(within(ask).getByRole('button', { name: 'Voltar' }))
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
      return buttons
    }
    expect(await dismissOf('Raid vazia', 'Excluir', 'Excluir Raid vazia?')).toEqual(['Voltar', 'Excluir'])
    expect(await dismissOf('Raid vazia', 'Cancelar evento', 'Cancelar Raid vazia?')).toEqual([
      'Voltar',
      'Cancelar evento',
    ])
    expect(await dismissOf('Raid disputada', 'Excluir', 'Raid disputada não pode ser excluído')).toEqual([
      'Voltar',
      'Arquivar',
    ])
  })

  // Archiving is all a night with awards can get instead of deletion: once archived, "Delete" is not offered.
  it('offers no "Delete" on an archived event with awards, and still does on one without', async () => {
    const kept = night({ name: 'Raid guardada', status: 'archived', phase: 'ended', awards: 2 })
    const empty = night({ name: 'Raid vazia', status: 'archived', phase: 'ended', awards: 0 })
    serveNights({ past: [kept, empty] })
    renderPage(<EventsPage />)
    await screen.findByRole('link', { name: 'Raid guardada' })
    openMenu('Raid guardada')
    await screen.findByRole('menuitem', { name: 'Reabrir' })
    expect(screen.queryByRole('menuitem', { name: 'Excluir' })).toBeNull()
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    openMenu('Raid vazia')
    expect(await screen.findByRole('menuitem', { name: 'Excluir' })).toBeTruthy()
  })

  it('cancels after asking, completes an ended event at once, and offers only what a status allows', async () => {
    const ended = night({ name: 'Raid passada', phase: 'ended' })
    const archived = night({ name: 'Raid velha', status: 'archived', phase: 'ended' })
    const calls = serveNights({
      past: [ended, archived],
      replies: {
        [`POST /raid-nights/${ended.id}/status`]: (call) => ({
          body: nightDetail({
            id: ended.id,
            status: (call.body as { action: string }).action === 'cancel' ? 'cancelled' : 'completed',
          }),
        }),
      },
    })
    renderPage(<EventsPage />)
    await screen.findByRole('link', { name: 'Raid passada' })

    openMenu('Raid velha')
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent)
    // Edit and repeat first: on a phone they are in this menu, not beside it (CSS hides them from `sm` on).
    expect(items).toEqual(['Editar', 'Repetir na semana seguinte', 'Reabrir', 'Excluir'])
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())

    openMenu('Raid passada')
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Cancelar evento' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Cancelar Raid passada?' })
    expect(within(ask).getByText(/não conta na presença de ninguém/)).toBeTruthy()
    fireEvent.click(within(ask).getByRole('button', { name: 'Voltar' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(callsTo(calls, 'POST', `/raid-nights/${ended.id}/status`)).toHaveLength(0)

    openMenu('Raid passada')
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Concluir' }))
    await waitForToast('success', 'Evento concluído')
    expect(callsTo(calls, 'POST', `/raid-nights/${ended.id}/status`)[0]!.body).toEqual({ action: 'complete' })
  })

  it('asks before completing an event not started yet and before archiving a running one, and archives an ended one at once', async () => {
    const later = night({ name: 'Raid daqui a duas semanas', date: '2026-12-24' })
    const tonight = night({ name: 'Raid de hoje', phase: 'running' })
    const ended = night({ name: 'Raid passada', status: 'completed', phase: 'ended' })
    const calls = serveNights({
      upcoming: [tonight, later],
      past: [ended],
      replies: Object.fromEntries(
        [later, tonight, ended].map((n) => [
          `POST /raid-nights/${n.id}/status`,
          { body: nightDetail({ id: n.id, status: 'archived' }) },
        ]),
      ),
    })
    const statusCalls = (id: string) => callsTo(calls, 'POST', `/raid-nights/${id}/status`)
    renderPage(<EventsPage />)
    await screen.findByRole('link', { name: 'Raid daqui a duas semanas' })

    openMenu('Raid daqui a duas semanas')
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Concluir' }))
    let ask = await screen.findByRole('alertdialog', { name: 'Concluir Raid daqui a duas semanas?' })
    expect(within(ask).getByText(/ainda não começou/)).toBeTruthy()
    fireEvent.click(within(ask).getByRole('button', { name: 'Voltar' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(statusCalls(later.id)).toHaveLength(0)

    openMenu('Raid de hoje')
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Arquivar' }))
    ask = await screen.findByRole('alertdialog', { name: 'Arquivar Raid de hoje?' })
    expect(within(ask).getByText(/ainda está em andamento/)).toBeTruthy()
    expect(statusCalls(tonight.id)).toHaveLength(0)
    fireEvent.click(within(ask).getByRole('button', { name: 'Arquivar' }))
    await waitForToast('success', 'Evento arquivado')
    expect(statusCalls(tonight.id)[0]!.body).toEqual({ action: 'archive' })
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())

    openMenu('Raid passada')
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Arquivar' }))
    await waitFor(() => expect(statusCalls(ended.id)).toHaveLength(1))
    expect(statusCalls(ended.id)[0]!.body).toEqual({ action: 'archive' })
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  it('copies an event to the next week: once when its copy button is double-clicked, waiting while it copies', async () => {
    vi.mocked(toast.success).mockClear()
    const thursday = night()
    const calls = serveNights({
      upcoming: [thursday],
      replies: {
        [`POST /raid-nights/${thursday.id}/copy`]: { status: 201, body: nightDetail({ date: '2026-12-17' }) },
      },
    })
    renderPage(<EventsPage />)
    const copy = await screen.findByRole('button', { name: 'Repetir Raid de quinta na semana seguinte' })
    // Both clicks land before React draws the button disabled (a double click, a dblclick event).
    fireEvent.click(copy)
    fireEvent.click(copy)
    await waitFor(() => expect(copy).toHaveProperty('disabled', true))
    await waitForToast('success', 'Evento copiado para qui., 17/12/2026', expect.anything())
    await waitFor(() => expect(copy).toHaveProperty('disabled', false))
    expect(callsTo(calls, 'POST', `/raid-nights/${thursday.id}/copy`)).toHaveLength(1)
    expect(toast.success).toHaveBeenCalledTimes(1)
    // The lists are read again.
    await waitFor(() => expect(callsTo(calls, 'GET', '/raid-nights').length).toBeGreaterThan(2))
  })

  it('creates one event when its form is submitted twice in a row', async () => {
    const calls = serveNights({
      replies: { 'POST /raid-nights': { status: 201, body: nightDetail({ name: 'Raid de sexta' }) } },
    })
    renderPage(<EventsPage />)
    fireEvent.click((await screen.findAllByRole('button', { name: 'Novo evento' }))[0]!)
    const dialog = await screen.findByRole('dialog', { name: 'Novo evento' })
    fireEvent.change(within(dialog).getByLabelText('Nome'), { target: { value: 'Raid de sexta' } })
    const create = within(dialog).getByRole('button', { name: 'Criar evento' })
    fireEvent.click(create)
    fireEvent.click(create)
    await waitForToast('success', 'Evento criado')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(callsTo(calls, 'POST', '/raid-nights')).toHaveLength(1)
  })

  it('offers to archive, before asking to cancel, an event the list says has awards', async () => {
    const busy = night({ name: 'Raid disputada', phase: 'ended', awards: 2 })
    const calls = serveNights({
      past: [busy],
      replies: {
        [`POST /raid-nights/${busy.id}/status`]: { body: nightDetail({ id: busy.id, status: 'archived' }) },
      },
    })
    renderPage(<EventsPage />)
    await screen.findByRole('link', { name: 'Raid disputada' })
    openMenu('Raid disputada')
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Cancelar evento' }))
    const archive = await screen.findByRole('alertdialog', { name: 'Raid disputada não pode ser cancelado' })
    expect(within(archive).getByText(/Arquive o evento/)).toBeTruthy()
    expect(within(archive).queryByRole('button', { name: 'Cancelar evento' })).toBeNull()
    expect(callsTo(calls, 'POST', `/raid-nights/${busy.id}/status`)).toHaveLength(0)
    fireEvent.click(within(archive).getByRole('button', { name: 'Arquivar' }))
    await waitForToast('success', 'Evento arquivado')
    expect(callsTo(calls, 'POST', `/raid-nights/${busy.id}/status`).map((call) => call.body)).toEqual([
      { action: 'archive' },
    ])
  })

  it('offers to archive an event the server refuses to cancel because items were handed out meanwhile', async () => {
    vi.mocked(toast.error).mockClear()
    const busy = night({ name: 'Raid disputada', phase: 'ended' })
    const calls = serveNights({
      past: [busy],
      replies: {
        [`POST /raid-nights/${busy.id}/status`]: (call) =>
          (call.body as { action: string }).action === 'cancel'
            ? apiError(409, 'RAID_NIGHT_HAS_AWARDS')
            : { body: nightDetail({ id: busy.id, status: 'archived' }) },
      },
    })
    renderPage(<EventsPage />)
    await screen.findByRole('link', { name: 'Raid disputada' })
    openMenu('Raid disputada')
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Cancelar evento' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Cancelar Raid disputada?' })
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancelar evento' }))
    const archive = await screen.findByRole('alertdialog', { name: 'Raid disputada não pode ser cancelado' })
    expect(toast.error).not.toHaveBeenCalled()
    fireEvent.click(within(archive).getByRole('button', { name: 'Arquivar' }))
    await waitForToast('success', 'Evento arquivado')
    expect(callsTo(calls, 'POST', `/raid-nights/${busy.id}/status`).map((call) => call.body)).toEqual([
      { action: 'cancel' },
      { action: 'archive' },
    ])
  })

  it("wraps a long event name inside its cell, so the table's other columns stay in view", async () => {
    const long = night({ name: 'Raid de quinta com um nome bem comprido '.repeat(3).trim().slice(0, 120) })
    serveNights({ upcoming: [long] })
    renderPage(<EventsPage />)
    const link = await screen.findByRole('link', { name: long.name })
    // jsdom lays nothing out: what is checked is that nothing keeps the name on one line.
    for (const element of [link, link.closest('td')!]) {
      expect(element.className).not.toMatch(/\b(truncate|whitespace-nowrap|text-nowrap)\b/)
    }
    expect(link.className).toMatch(/\bwrap-anywhere\b/)
  })

  it.each([
    ['Europe/Berlin', '20:00 às 23:00 (Horário Padrão de Brasília)'],
    ['America/Sao_Paulo', '20:00 às 23:00'],
  ])(
    "says the guild's zone after each night's times to a reader on another clock (%s)",
    async (reader, times) => {
      readerOn(reader)
      serveNights({ upcoming: [night()] })
      renderPage(<EventsPage />)
      const row = await rowOf('Raid de quinta')
      // The column, and a phone's line under the name.
      const shown = within(row).getAllByText('20:00 às 23:00')
      expect(shown.map((element) => element.textContent)).toEqual([times, times])
    },
  )

  it('tells a member who cannot change the time zone where it is set', async () => {
    serveNights({ who: me({ profile: { ...me().profile!, role: 'guild_member' } }), upcoming: [night()] })
    renderPage(<EventsPage />)
    await screen.findByRole('link', { name: 'Raid de quinta' })
    expect(screen.getByText('Os administradores escolhem o fuso na página da guild.')).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Mudar na página da guild' })).toBeNull()
  })
})
