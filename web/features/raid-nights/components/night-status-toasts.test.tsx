import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { RaidNightAction, RaidNightDetail } from '@contract/raid-nights'
import { loadTexts, readerOn, renderPage } from '@web/test/render'
import { EventPage } from './event-page'
import { callsTo, NIGHT_ID, nightDetail, serveNights } from './raid-nights.test-support'

// An outside test (2026-12-07) read no word after "Reabrir" on a night's page. Each status action says it is
// done, in a toast of the real toaster (as a person sees it), pt and en; "Repetir na semana seguinte" is
// night-copy.test.tsx's.

const texts = {
  pt: {
    reopen: ['Reabrir', 'Evento reaberto'],
    complete: ['Concluir', 'Evento concluído'],
    archive: ['Arquivar', 'Evento arquivado'],
    cancel: ['Cancelar evento', 'Evento cancelado'],
  },
  en: {
    reopen: ['Reopen', 'Event reopened'],
    complete: ['Complete', 'Event completed'],
    archive: ['Archive', 'Event archived'],
    cancel: ['Cancel event', 'Event cancelled'],
  },
} as const

/** Each action from a night it is offered on without a question (cancel is always asked), and its answer. */
const cases: [RaidNightAction, Partial<RaidNightDetail>, Partial<RaidNightDetail>][] = [
  ['reopen', { status: 'completed', phase: 'ended' }, { status: 'active', phase: 'ended' }],
  ['complete', { status: 'active', phase: 'ended' }, { status: 'completed', phase: 'ended' }],
  ['archive', { status: 'completed', phase: 'ended' }, { status: 'archived', phase: 'ended' }],
  ['cancel', { status: 'active', phase: 'upcoming' }, { status: 'cancelled', phase: 'upcoming' }],
]

const toasts = () => [...document.querySelectorAll('[data-sonner-toast]')] as HTMLElement[]

beforeEach(() => readerOn('America/Sao_Paulo'))
// sonner keeps its toasts in a module-wide store: the next test starts without this one's.
afterEach(() => toast.dismiss())

describe.each(['pt', 'en'] as const)("a night's status actions on its page (%s)", (language) => {
  it.each(cases)('%s says it is done', async (action, from, to) => {
    await loadTexts(['events', 'common'], language)
    const [button, done] = texts[language][action]
    const calls = serveNights({
      nights: [nightDetail(from)],
      replies: { [`POST /raid-nights/${NIGHT_ID}/status`]: { body: nightDetail(to) } },
    })
    renderPage(<EventPage id={NIGHT_ID} />, `/dashboard/events/${NIGHT_ID}`, { toaster: true })
    fireEvent.click(await screen.findByRole('button', { name: button }))
    if (action === 'cancel')
      fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: button }))

    await waitFor(() => expect(toasts().map((t) => t.textContent)).toEqual([done]))
    expect(toasts()[0]!.getAttribute('data-type')).toBe('success')
    expect(callsTo(calls, 'POST', `/raid-nights/${NIGHT_ID}/status`).map((c) => c.body)).toEqual([{ action }])
  })
})
