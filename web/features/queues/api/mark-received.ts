import type { QueueChange } from '@contract/queues'
import { api } from '@web/lib/api-client'
import { noteBody } from './queue-note-body'

export const markReceived = (entryId: string, note?: string | null) =>
  api<QueueChange>(`/queue-entries/${entryId}/received`, { method: 'POST', body: noteBody(note) })
