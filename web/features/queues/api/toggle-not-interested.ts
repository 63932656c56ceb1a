import type { QueueView } from '@contract/queues'
import { api } from '@web/lib/api-client'

/** pending ⇄ not_interested (spec §4). */
export const toggleNotInterested = (entryId: string) =>
  api<QueueView>(`/queue-entries/${entryId}/not-interested`, { method: 'POST' })
