import type { QueueView } from '@contract/queues'
import { api } from '@web/lib/api-client'
import { noteBody } from './queue-note-body'

export const removeEntry = (entryId: string, note?: string | null) =>
  api<QueueView>(`/queue-entries/${entryId}`, { method: 'DELETE', body: noteBody(note) })
