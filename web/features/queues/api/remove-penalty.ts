import type { QueueChange } from '@contract/queues'
import { api } from '@web/lib/api-client'
import { type EntryActionRequest, entryActionBody } from './queue-note-body'

export const removePenalty = (entryId: string, request: EntryActionRequest = {}) =>
  api<QueueChange>(`/queue-entries/${entryId}/penalty`, { method: 'DELETE', body: entryActionBody(request) })
