import type { QueueView } from '@contract/queues'
import { api } from '@web/lib/api-client'
import { noteBody } from './queue-note-body'

export const markReceived = (entryId: string, note?: string | null) =>
  api<QueueView>(`/queue-entries/${entryId}/received`, { method: 'POST', body: noteBody(note) })
