import type { QueueView } from '@contract/queues'
import { api } from '@web/lib/api-client'

export const addToQueue = (itemId: string, playerId: string) =>
  api<QueueView>(`/items/${itemId}/queue`, { method: 'POST', body: { playerId } })
