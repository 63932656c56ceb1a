import type { QueueView } from '@contract/queues'
import { api } from '@web/lib/api-client'

export const markReceived = (entryId: string) =>
  api<QueueView>(`/queue-entries/${entryId}/received`, { method: 'POST' })
