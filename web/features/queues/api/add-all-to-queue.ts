import type { AddAllResult } from '@contract/queues'
import { api } from '@web/lib/api-client'

export const addAllToQueue = (itemId: string) =>
  api<AddAllResult>(`/items/${itemId}/queue/add-all`, { method: 'POST' })
