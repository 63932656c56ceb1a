import type { QueueChange } from '@contract/queues'
import { api } from '@web/lib/api-client'
import { noteBody, type TypedNote } from './queue-note-body'

export const removePenalty = (entryId: string, note?: TypedNote | null) =>
  api<QueueChange>(`/queue-entries/${entryId}/penalty`, { method: 'DELETE', body: noteBody(note) })
