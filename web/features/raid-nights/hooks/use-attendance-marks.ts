import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AttendanceRow, RaidNightDetail } from '@contract/raid-nights'
import { handleError } from '@web/lib/error-handler'
import { raidNightQueryOptions } from '../api/get-raid-night'
import { useUpdateAttendance } from '../api/update-attendance'
import type { NightAttendance } from '@contract/enums'

export type Mark = NightAttendance | null

/** Marks typed within this long of each other go in one request: a row a keypress, 40 rows in a few seconds. */
export const SAVE_QUIET_MS = 300

/**
 * A night's marks as the officer sets them: shown at once (optimistic), saved as exceptions (PUT with the
 * changed rows only, those typed close together in one request, one request at a time so a later mark of a
 * player never lands before an earlier one). A refused save puts the rows back as the server has them and
 * says so. Marks not yet confirmed stay shown over the server's rows, so a refetch (another officer's change,
 * a live update) never flickers them back. `failed`: the last save that settled was refused (its rows put
 * back), so the screen does not call the marks saved.
 */
export function useAttendanceMarks(night: RaidNightDetail) {
  const { t } = useTranslation('events')
  const queryClient = useQueryClient()
  const { mutateAsync } = useUpdateAttendance()
  const nightId = night.id
  /** Marks shown but not yet confirmed by the server: queued or on their way. */
  const [unconfirmed, setUnconfirmed] = useState<ReadonlyMap<string, Mark>>(new Map())
  const [failed, setFailed] = useState(false)
  const queued = useRef(new Map<string, Mark>())
  const inFlight = useRef<Promise<void> | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)

  /** Forgets the unconfirmed marks that `sent` settled (a newer mark of the same player stays). */
  const settle = useCallback((sent: [string, Mark][]) => {
    setUnconfirmed((current) => {
      const next = new Map(current)
      for (const [playerId, status] of sent) if (next.get(playerId) === status) next.delete(playerId)
      return next
    })
  }, [])

  const send = useCallback((): Promise<void> => {
    clearTimeout(timer.current)
    if (inFlight.current) return inFlight.current.then(send)
    const sent = [...queued.current]
    queued.current.clear()
    if (sent.length === 0) return Promise.resolve()
    const entries = sent.map(([playerId, status]) => ({ playerId, status }))
    inFlight.current = mutateAsync({ nightId, entries }).then(
      () => {
        // The cached night takes the saved marks, so forgetting them shows no old value until it refetches.
        queryClient.setQueryData<RaidNightDetail>(
          raidNightQueryOptions(nightId).queryKey,
          (cached) =>
            cached && { ...cached, attendanceRows: withMarks(cached.attendanceRows, new Map(sent)) },
        )
        setFailed(false)
        settle(sent)
      },
      (error: unknown) => {
        setFailed(true)
        settle(sent)
        handleError(error, t('attendance.saveError', { count: sent.length }))
      },
    )
    const done = inFlight.current.finally(() => {
      inFlight.current = null
    })
    return done.then(() => (queued.current.size > 0 ? send() : undefined))
  }, [mutateAsync, nightId, queryClient, settle, t])

  const mark = useCallback(
    (playerId: string, status: Mark) => {
      setUnconfirmed((current) => new Map(current).set(playerId, status))
      queued.current.set(playerId, status)
      clearTimeout(timer.current)
      timer.current = setTimeout(() => void send(), SAVE_QUIET_MS)
    },
    [send],
  )

  // Leaving the page sends what is still queued (the request outlives the screen); closing the tab asks first.
  const sendRef = useRef(send)
  sendRef.current = send
  useEffect(() => () => void sendRef.current(), [])
  const saving = unconfirmed.size > 0
  useEffect(() => {
    if (!saving) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
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
