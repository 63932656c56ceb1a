import type { AddAllResult } from '@contract/queues'
import { api } from '@web/lib/api-client'

/** Every active player not yet queued; with `ranks`, only those of these ranks ("none": without one). */
export const addAllToQueue = (itemId: string, ranks?: string[]) =>
  api<AddAllResult>(`/items/${itemId}/queue/add-all`, {
    method: 'POST',
    ...(ranks ? { body: { ranks } } : {}),
  })
