import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AttendanceRow, RaidNightDetail } from '@contract/raid-nights'
import { KEEPALIVE_BODY_LIMIT, keepaliveSupported } from '@web/lib/api-client'
import { handleError } from '@web/lib/error-handler'
import { refreshAfter } from '@web/lib/query-keys'
import { raidNightQueryOptions } from '../api/get-raid-night'
import { attendanceBody, updateAttendance } from '../api/update-attendance'
import type { NightAttendance } from '@contract/enums'

export type Mark = NightAttendance | null

/** Marks typed within this long of each other go in one request: a row a keypress, 40 rows in a few seconds. */
export const SAVE_QUIET_MS = 300

/** A save on its way: its marks, and the bytes it holds of the browser's keepalive budget (0: not keepalive). */
type Outgoing = { marks: ReadonlyMap<string, Mark>; keptBytes: number }

/** The marks not yet saved: queued for the next save, or on their way. */
type Pending = {
  queued: Map<string, Mark>
  /** The saves sent and not yet answered. */
  outgoing: Set<Outgoing>
  /** What the next save waits for: the saves on their way (one, or two when the page was hidden meanwhile). */
  inFlight: Promise<void> | null
  timer: ReturnType<typeof setTimeout> | undefined
}

/**
 * A night's marks as the officer sets them: shown at once (optimistic), saved as exceptions (PUT with the
 * changed rows only, those typed close together in one request, one request at a time so a later mark of a
 * player never lands before an earlier one). A refused save puts the rows back as the server has them and
 * says so. Marks not yet confirmed stay shown over the server's rows, so a refetch (another officer's change,
 * a live update) never flickers them back. `failed`: the last save that settled was refused (its rows put
 * back), so the screen does not call the marks saved.
 *
 * Leaving: moving to another screen sends what is queued; a page hidden or closed (reload, tab closed, a phone
 * switching apps) sends it at once. Every save is a request that outlives the page (keepalive) when the
 * browser takes it, and the browser asks before the page is left only when the marks could be lost (see
 * `survivesLeaving`).
 */
export function useAttendanceMarks(night: RaidNightDetail) {
  const { t } = useTranslation('events')
  const queryClient = useQueryClient()
  const nightId = night.id
  /** Marks shown but not yet confirmed by the server: queued or on their way. */
  const [unconfirmed, setUnconfirmed] = useState<ReadonlyMap<string, Mark>>(new Map())
  const [failed, setFailed] = useState(false)
  const pending = useRef<Pending>({
    queued: new Map(),
    outgoing: new Set(),
    inFlight: null,
    timer: undefined,
  })

  /** Forgets the unconfirmed marks that `sent` settled (a newer mark of the same player stays). */
  const settle = useCallback((sent: [string, Mark][]) => {
    setUnconfirmed((current) => {
      const next = new Map(current)
      for (const [playerId, status] of sent) if (next.get(playerId) === status) next.delete(playerId)
      return next
    })
  }, [])

  /** Sends `sent` now (the fetch starts before this returns), with keepalive when the browser takes it. */
  const post = useCallback(
    (sent: [string, Mark][]): Promise<void> => {
      const entries = sent.map(([playerId, status]) => ({ playerId, status }))
      const bytes = bodyBytes(sent)
      const keepalive = keepaliveFits(pending.current, bytes)
      const save: Outgoing = { marks: new Map(sent), keptBytes: keepalive ? bytes : 0 }
      pending.current.outgoing.add(save)
      return updateAttendance({ nightId, entries }, { keepalive })
        .then(
          () => {
            // The cached night takes the saved marks, so forgetting them shows no old value until it refetches.
            queryClient.setQueryData<RaidNightDetail>(
              raidNightQueryOptions(nightId).queryKey,
              (cached) =>
                cached && { ...cached, attendanceRows: withMarks(cached.attendanceRows, save.marks) },
            )
            refreshAfter(queryClient, 'raid-nights')
            setFailed(false)
            settle(sent)
          },
          (error: unknown) => {
            setFailed(true)
            settle(sent)
            handleError(error, t('attendance.saveError', { count: sent.length }))
          },
        )
        .finally(() => pending.current.outgoing.delete(save))
    },
    [nightId, queryClient, settle, t],
  )

  const send = useCallback((): Promise<void> => {
    const state = pending.current
    clearTimeout(state.timer)
    if (state.inFlight) return state.inFlight.then(send)
    const sent = take(state)
    if (sent.length === 0) return Promise.resolve()
    return track(state, post(sent)).then(() => (state.queued.size > 0 ? send() : undefined))
  }, [post])

  /**
   * The page is being hidden or closed: what is queued leaves now, beside a save still on its way (the page
   * may not be there to wait for it).
   */
  const sendNow = useCallback(() => {
    const sent = take(pending.current)
    if (sent.length > 0) void track(pending.current, post(sent))
  }, [post])

  const mark = useCallback(
    (playerId: string, status: Mark) => {
      const state = pending.current
      setUnconfirmed((current) => new Map(current).set(playerId, status))
      state.queued.set(playerId, status)
      clearTimeout(state.timer)
      state.timer = setTimeout(() => void send(), SAVE_QUIET_MS)
    },
    [send],
  )

  // Leaving the screen inside the app sends what is still queued (the request outlives the screen).
  const sendRef = useRef(send)
  sendRef.current = send
  useEffect(() => () => void sendRef.current(), [])
  // The page hidden (another tab, another app) or put away (pagehide: a reload, the tab closed): sent at once,
  // as a later moment may never come.
  const sendNowRef = useRef(sendNow)
  sendNowRef.current = sendNow
  useEffect(() => {
    const onPageHide = () => sendNowRef.current()
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') sendNowRef.current()
    }
    window.addEventListener('pagehide', onPageHide)
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      window.removeEventListener('pagehide', onPageHide)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [])
  const saving = unconfirmed.size > 0
  useEffect(() => {
    if (!saving) return
    // beforeunload comes before pagehide, which sends the queued marks: ask only when they could be lost.
    const warn = (event: BeforeUnloadEvent) => {
      if (!survivesLeaving(pending.current)) event.preventDefault()
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [saving])

  const rows = useMemo(
    () => withMarks(night.attendanceRows, unconfirmed),
    [night.attendanceRows, unconfirmed],
  )
  /** Sends what is queued now and waits until every mark is saved (before a prefill replaces them). */
  const flush = useCallback(() => send(), [send])
  return { rows, mark, saving, failed, flush }
}

export type AttendanceMarks = ReturnType<typeof useAttendanceMarks>

function withMarks(rows: AttendanceRow[], marks: ReadonlyMap<string, Mark>): AttendanceRow[] {
  if (marks.size === 0) return rows
  return rows.map((row) => (marks.has(row.playerId) ? { ...row, status: marks.get(row.playerId)! } : row))
}

/** The size of the request saving `marks`; player ids and marks are ASCII, so its length is its bytes. */
const bodyBytes = (marks: Iterable<[string, Mark]>) =>
  attendanceBody([...marks].map(([playerId, status]) => ({ playerId, status }))).length

/** Whether a body of `bytes` can still be sent to outlive the page, beside the keepalive saves on their way. */
function keepaliveFits(state: Pending, bytes: number) {
  const kept = [...state.outgoing].reduce((sum, save) => sum + save.keptBytes, 0)
  return keepaliveSupported() && kept + bytes <= KEEPALIVE_BODY_LIMIT
}

/** Takes the queued marks for one save. */
function take(state: Pending): [string, Mark][] {
  clearTimeout(state.timer)
  const sent = [...state.queued]
  state.queued.clear()
  return sent
}

/** Makes `save` one the next save waits for, with any other still on its way. */
function track(state: Pending, save: Promise<void>): Promise<void> {
  const all = state.inFlight ? Promise.all([state.inFlight, save]).then(() => undefined) : save
  const done = all.finally(() => {
    if (state.inFlight === done) state.inFlight = null
  })
  state.inFlight = done
  return done
}

/**
 * Whether every mark not yet saved reaches the server if the page is closed now (pagehide sends the queued
 * ones at once, beside those on their way). Not when this browser has no keepalive, a save on its way was sent
 * without it, the queued marks are more than its budget takes, or a queued player's earlier mark is still on
 * its way (two requests at once may land in either order, the older mark last).
 */
function survivesLeaving(state: Pending) {
  const saves = [...state.outgoing]
  if (saves.some((save) => save.keptBytes === 0)) return false
  if (state.queued.size === 0) return true
  const markedAgain = [...state.queued.keys()].some((playerId) =>
    saves.some((save) => save.marks.has(playerId)),
  )
  return !markedAgain && keepaliveFits(state, bodyBytes(state.queued))
}
