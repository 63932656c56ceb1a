import type { QueueChange } from '@contract/queues'
import { api } from '@web/lib/api-client'
import { noteBody } from './queue-note-body'

export const removePenalty = (entryId: string, note?: string | null) =>
  api<QueueChange>(`/queue-entries/${entryId}/penalty`, { method: 'DELETE', body: noteBody(note) })
