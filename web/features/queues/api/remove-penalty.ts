import type { QueueView } from '@contract/queues'
import { api } from '@web/lib/api-client'
import { noteBody } from './queue-note-body'

export const removePenalty = (entryId: string, note?: string | null) =>
  api<QueueView>(`/queue-entries/${entryId}/penalty`, { method: 'DELETE', body: noteBody(note) })
