import type { QueueChange } from '@contract/queues'
import { api } from '@web/lib/api-client'
import { noteBody, type TypedNote } from './queue-note-body'

/**
 * The full order of the entries shown, first to last (and why); the server checks it is a permutation, and
 * that the queue is still the version it was dragged on (QUEUE_CHANGED otherwise).
 */
export const reorderQueue = (
  itemId: string,
  entryIds: string[],
  note: TypedNote | null,
  queueVersion: number,
) =>
  api<QueueChange>(`/items/${itemId}/queue/order`, {
    method: 'PUT',
    body: { entryIds, ...noteBody(note), queueVersion },
  })
