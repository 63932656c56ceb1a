import type { QueueChange } from '@contract/queues'
import { api } from '@web/lib/api-client'
import { type EntryActionRequest, entryActionBody } from './queue-note-body'

/** pending ⇄ not_interested (docs/product-rules.md, "Queue ordering"). */
export const toggleNotInterested = (entryId: string, request: EntryActionRequest = {}) =>
  api<QueueChange>(`/queue-entries/${entryId}/not-interested`, {
    method: 'POST',
    body: entryActionBody(request),
  })
