import type { PenaltyInput, QueueChange } from '@contract/queues'
import { api } from '@web/lib/api-client'

/** `penalty.queueVersion`: the version of the queue on screen (refused with QUEUE_CHANGED when it moved on). */
export const setPenalty = (entryId: string, penalty: PenaltyInput) =>
  api<QueueChange>(`/queue-entries/${entryId}/penalty`, { method: 'POST', body: penalty })
