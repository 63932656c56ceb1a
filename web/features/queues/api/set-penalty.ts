import type { PenaltyInput, QueueChange } from '@contract/queues'
import { api } from '@web/lib/api-client'

export const setPenalty = (entryId: string, penalty: PenaltyInput) =>
  api<QueueChange>(`/queue-entries/${entryId}/penalty`, { method: 'POST', body: penalty })
