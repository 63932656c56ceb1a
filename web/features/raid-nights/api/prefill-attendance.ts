import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AttendancePrefillResult, PREFILL_SOURCES } from '@contract/raid-nights'
import { api } from '@web/lib/api-client'
import { refreshAfter } from '@web/lib/query-keys'

export type PrefillSource = (typeof PREFILL_SOURCES)[number]

/** Every active player's mark in one go: as on the previous night of the same name, or present. */
export function prefillAttendance({ nightId, from }: { nightId: string; from: PrefillSource }) {
  return api<AttendancePrefillResult>(`/raid-nights/${nightId}/attendance/prefill`, {
    method: 'POST',
    body: { from },
  })
}

export function usePrefillAttendance() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: prefillAttendance,
    onSuccess: () => refreshAfter(queryClient, 'raid-nights'),
  })
}
