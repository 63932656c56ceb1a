import type { QueueChange } from '@contract/queues'
import { api } from '@web/lib/api-client'

export const addToQueue = (itemId: string, playerId: string) =>
  api<QueueChange>(`/items/${itemId}/queue`, { method: 'POST', body: { playerId } })
