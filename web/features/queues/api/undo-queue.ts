import type { QueueChange } from '@contract/queues'
import { api } from '@web/lib/api-client'

export const undoQueue = (itemId: string) =>
  api<QueueChange>(`/items/${itemId}/queue/undo`, { method: 'POST' })
