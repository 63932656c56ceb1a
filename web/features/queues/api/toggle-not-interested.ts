import type { QueueChange } from '@contract/queues'
import { api } from '@web/lib/api-client'
import { noteBody, type TypedNote } from './queue-note-body'

/** pending ⇄ not_interested (docs/product-rules.md, "Queue ordering"). */
export const toggleNotInterested = (entryId: string, note?: TypedNote | null) =>
  api<QueueChange>(`/queue-entries/${entryId}/not-interested`, { method: 'POST', body: noteBody(note) })
