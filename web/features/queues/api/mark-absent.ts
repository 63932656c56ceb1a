import type { QueueView } from '@contract/queues'
import { api } from '@web/lib/api-client'

export const markAbsent = (entryId: string) =>
  api<QueueView>(`/queue-entries/${entryId}/absent`, { method: 'POST' })
