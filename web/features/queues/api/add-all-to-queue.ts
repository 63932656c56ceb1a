import type { QueueView } from '@contract/queues'
import { api } from '@web/lib/api-client'

export const addAllToQueue = (itemId: string) =>
  api<{ added: number; queue: QueueView }>(`/items/${itemId}/queue/add-all`, { method: 'POST' })
