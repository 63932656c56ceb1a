import type { QueueChange } from '@contract/queues'
import { api } from '@web/lib/api-client'

/**
 * Undoes the item's last action: the one of the queue's version `queueVersion` (the screen's, or the version
 * an action's toast left), so an action another officer took since is never the one undone (UNDO_SUPERSEDED).
 */
export const undoQueue = (itemId: string, queueVersion: number | undefined, afterRecap = false) =>
  api<QueueChange>(`/items/${itemId}/queue/undo`, {
    method: 'POST',
    // afterRecap: the member was asked (UNDO_AFTER_RECAP) and undoes an award of a completed night anyway.
    body: afterRecap ? { queueVersion, afterRecap } : { queueVersion },
  })
