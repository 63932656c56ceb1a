import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AttendanceUpdate } from '@contract/raid-nights'
import { api } from '@web/lib/api-client'
import { refreshAfter } from '@web/lib/query-keys'

export type AttendanceChange = { nightId: string; entries: AttendanceUpdate['entries'] }

/** Marks (or unmarks, with null) the players given; the others stay as they are. */
export function updateAttendance({ nightId, entries }: AttendanceChange) {
  return api<{ changed: number }>(`/raid-nights/${nightId}/attendance`, {
    method: 'PUT',
    body: { entries } satisfies AttendanceUpdate,
  })
}

export function useUpdateAttendance() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateAttendance,
    onSuccess: () => refreshAfter(queryClient, 'raid-nights'),
  })
}
