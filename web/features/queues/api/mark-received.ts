import type { QueueChange } from '@contract/queues'
import { api } from '@web/lib/api-client'
import { type EntryActionRequest, entryActionBody } from './queue-note-body'

/**
 * `raidNightId`: the raid night this screen shows running; the server refuses the award
 * (RAID_NIGHT_NOT_RUNNING) when that night no longer runs, rather than hand it out outside the night.
 */
export const markReceived = (
  entryId: string,
  request: EntryActionRequest & { raidNightId?: string | null } = {},
) => {
  const body = entryActionBody(request)
  return api<QueueChange>(`/queue-entries/${entryId}/received`, {
    method: 'POST',
    body: request.raidNightId ? { ...body, raidNightId: request.raidNightId } : body,
  })
}
