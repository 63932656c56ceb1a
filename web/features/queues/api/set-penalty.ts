import type { PenaltyInput, QueueView } from '@contract/queues'
import { api } from '@web/lib/api-client'

export const setPenalty = (entryId: string, penalty: PenaltyInput) =>
  api<QueueView>(`/queue-entries/${entryId}/penalty`, { method: 'POST', body: penalty })
