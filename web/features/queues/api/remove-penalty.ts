import type { QueueView } from '@contract/queues'
import { api } from '@web/lib/api-client'

export const removePenalty = (entryId: string) =>
  api<QueueView>(`/queue-entries/${entryId}/penalty`, { method: 'DELETE' })
