import type { QueueChange } from '@contract/queues'
import { api } from '@web/lib/api-client'
import { noteBody, type TypedNote } from './queue-note-body'

/**
 * `raidNightId`: the raid night this screen shows running; the server refuses the award
 * (RAID_NIGHT_NOT_RUNNING) when that night no longer runs, rather than hand it out outside the night.
 */
export const markReceived = (entryId: string, note?: TypedNote | null, raidNightId?: string | null) =>
  api<QueueChange>(`/queue-entries/${entryId}/received`, {
    method: 'POST',
    body: raidNightId ? { ...noteBody(note), raidNightId } : noteBody(note),
  })
