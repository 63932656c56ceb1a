import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AttendanceUpdate } from '@contract/raid-nights'
import { api } from '@web/lib/api-client'
import { refreshAfter } from '@web/lib/query-keys'

export type AttendanceChange = { nightId: string; entries: AttendanceUpdate['entries'] }

/** The request's body as sent: its size decides whether it can outlive the page (keepalive). */
export const attendanceBody = (entries: AttendanceChange['entries']) =>
  JSON.stringify({ entries } satisfies AttendanceUpdate)

/**
 * Marks (or unmarks, with null) the players given; the others stay as they are. `keepalive`: the request
 * still reaches the server when the page is closed or reloaded right after it is sent. The fetch starts
 * before this returns, so a page being hidden can send it in its last event.
 */
export function updateAttendance({ nightId, entries }: AttendanceChange, { keepalive = false } = {}) {
  return api<{ changed: number }>(`/raid-nights/${nightId}/attendance`, {
    method: 'PUT',
    body: { entries } satisfies AttendanceUpdate,
    keepalive,
  })
}

/** Marks set in one go outside the grid's own saves (a prefill's undo), then the night read again. */
export function useSetAttendance() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: AttendanceChange) => updateAttendance(change),
    onSuccess: () => refreshAfter(queryClient, 'raid-nights'),
  })
}
