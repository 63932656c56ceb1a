import { NIGHT_ATTENDANCE, type NightAttendance } from '@contract/enums'

// What a night's page that saved marks a moment ago hands, as it is put away, to the page that replaces it in
// the same tab (a reload, or the night opened again soon after), kept in the tab's sessionStorage.
//
// Why the new page needs it: a reloaded night's page is drawn from a read of the night the server made before
// the old page's last saves landed. The server answers a dashboard page with the night already read and drawn
// (server/dashboard-page.ts), and Chromium fires pagehide, where the queued marks leave (the attendance
// hook), only once that answer has come; a save sent a moment before the reload may land after the read too.
// The new page's live stream opens once it has hydrated, after those saves committed, so it hears nothing of
// them (its first `ready` is not a catch-up, web/lib/realtime.ts): the marks were saved, and the page showed
// them blank. The new page now shows the marks still on their way at once and saves them again (the same
// marks: whichever request lands last, the night ends the same), or, when every mark had landed, reads the
// night again.

type Mark = NightAttendance | null

const KEY = 'lootqueue.attendance.leaving'

/**
 * A page hands over when it saved within this long, and what it handed over is taken within this long: enough
 * for a slow reload, short enough that a tab restored or a night opened again later replays nothing (a mark
 * put back over one another officer made since).
 */
export const HANDOVER_MAX_AGE_MS = 10_000

function storage(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

/** Keeps, for the page that replaces this one, that `nightId` was just saved and the marks still on their way. */
export function handOverMarks(nightId: string, onTheirWay: [string, Mark][], now = Date.now()) {
  try {
    storage()?.setItem(KEY, JSON.stringify({ nightId, at: now, marks: onTheirWay }))
  } catch {
    // Storage full or refused: the marks' own requests (keepalive) are still on their way.
  }
}

/** Forgets what was kept: nothing was saved lately, or the page it was kept from is back (back-forward cache). */
export function dropHandedMarks() {
  try {
    storage()?.removeItem(KEY)
  } catch {}
}

/**
 * What a page of `nightId` left moments ago handed over, taken once (whatever was kept is forgotten): the marks
 * it still had on their way, none when all had landed; null when no page of that night saved lately.
 */
export function takeHandedMarks(nightId: string, now = Date.now()): [string, Mark][] | null {
  let kept: string | null | undefined
  try {
    kept = storage()?.getItem(KEY)
    storage()?.removeItem(KEY)
  } catch {
    return null
  }
  if (!kept) return null
  try {
    const handed = JSON.parse(kept) as { nightId?: unknown; at?: unknown; marks?: unknown }
    const age = typeof handed.at === 'number' ? now - handed.at : Number.NaN
    if (handed.nightId !== nightId || !(age >= 0 && age <= HANDOVER_MAX_AGE_MS)) return null
    return Array.isArray(handed.marks) ? handed.marks.filter(isMarkEntry) : null
  } catch {
    return null
  }
}

function isMarkEntry(entry: unknown): entry is [string, Mark] {
  if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== 'string') return false
  return entry[1] === null || (NIGHT_ATTENDANCE as readonly unknown[]).includes(entry[1])
}
