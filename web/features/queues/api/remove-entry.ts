import type { QueueView } from '@contract/queues'
import { api } from '@web/lib/api-client'

export const removeEntry = (entryId: string) =>
  api<QueueView>(`/queue-entries/${entryId}`, { method: 'DELETE' })
