import type { QueueView } from '@contract/queues'
import { api } from '@web/lib/api-client'

export const undoQueue = (itemId: string) => api<QueueView>(`/items/${itemId}/queue/undo`, { method: 'POST' })
