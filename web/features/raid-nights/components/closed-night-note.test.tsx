import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { RaidNightDetail } from '@contract/raid-nights'
import { loadTexts, renderPage } from '@web/test/render'
import { EventPage } from './event-page'
import { attendanceRow, callsTo, NIGHT_ID, nightDetail, serveNights } from './raid-nights.test-support'

// An outside test (2026-12-07): an officer changed a mark on a completed night, read "Presença salva", and the
// totals no longer matched the recap already sent. Corrections stay allowed; the editor says so above it first.
// Another (same day): it said the recap "já foi enviado" in a guild that announces nowhere, so no recap went.

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

const ATTENDANCE = `/raid-nights/${NIGHT_ID}/attendance`

const texts = {
  pt: {
    list: 'Presença dos jogadores',
    // Said as a condition: a guild with no Discord, webhook nor members' e-mail sends no recap at all.
    completed:
      'Este evento foi concluído. Se a guild anuncia no Discord ou num webhook, ou avisa os membros por e-mail, o resumo enviado ao concluí-lo guarda os números de então: correções aqui mudam a presença dos jogadores, não esse resumo.',
    archived: /^Este evento está arquivado: um resumo enviado quando ele foi concluído não muda\./,
    cancelled: /^Este evento foi cancelado: ele não conta na presença de ninguém\./,
    bench: 'No banco',
    saved: 'Presença salva',
  },
  en: {
    list: "Players' attendance",
    completed:
      "This event was completed. If the guild announces on Discord or a webhook, or tells its members by e-mail, the recap sent on completion keeps the figures of then: corrections here change the players' attendance, not that recap.",
    archived: /^This event is archived: a recap sent when it was completed does not change\./,
    cancelled: /^This event was cancelled: it does not count toward anyone's attendance\./,
    bench: 'Bench',
    saved: 'Attendance saved',
  },
} as const

async function openNight(night: Partial<RaidNightDetail>) {
  const calls = serveNights({
    nights: [nightDetail({ phase: 'ended', attendanceRows: [attendanceRow('Ana', 'present')], ...night })],
    replies: { [`PUT ${ATTENDANCE}`]: { body: { changed: 1 } } },
  })
  renderPage(<EventPage id={NIGHT_ID} />, `/dashboard/events/${NIGHT_ID}`)
  return calls
}

describe.each(['pt', 'en'] as const)("a closed night's attendance (%s)", (language) => {
  const words = texts[language]

  it('says above the marks of a completed night that a correction does not change the recap, and saves it', async () => {
    await loadTexts(['events', 'common'], language)
    const calls = await openNight({ status: 'completed' })
    const list = await screen.findByRole('list', { name: words.list })
    const note = screen.getByRole('note')
    expect(note.textContent).toBe(words.completed)
    // Above the marks, in the attendance's own card.
    expect(note.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(note.parentElement!.contains(list)).toBe(true)

    // Still a correction that saves.
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Ana' })).getByRole('radio', { name: words.bench }),
    )
    expect(await screen.findByText(words.saved)).toBeTruthy()
    await waitFor(() => expect(callsTo(calls, 'PUT', ATTENDANCE)).toHaveLength(1))
  })

  it('says so above the marks of an archived night', async () => {
    await loadTexts(['events', 'common'], language)
    await openNight({ status: 'archived' })
    await screen.findByRole('list', { name: words.list })
    expect(screen.getByRole('note').textContent).toMatch(words.archived)
  })

  it('says above the marks of a cancelled night that they count for nobody', async () => {
    await loadTexts(['events', 'common'], language)
    await openNight({ status: 'cancelled' })
    await screen.findByRole('list', { name: words.list })
    expect(screen.getByRole('note').textContent).toMatch(words.cancelled)
  })

  it('says nothing of the kind on a night still active', async () => {
    await loadTexts(['events', 'common'], language)
    await openNight({ status: 'active' })
    await screen.findByRole('list', { name: words.list })
    expect(screen.queryByRole('note')).toBeNull()
  })
})
