import { useQueryClient } from '@tanstack/react-query'
import type { ImportCounts, ImportPreview, ImportRequest, ImportResult } from '@contract/imports'
import { apiUpload } from '@web/lib/api-client'
import { refreshAfter, type Topic } from '@web/lib/query-keys'

export const previewImport = (body: ImportRequest, onProgress: (sent: number) => void) =>
  apiUpload<ImportPreview>('/guild/import/preview', body, onProgress)

export const runImport = (body: ImportRequest, onProgress: (sent: number) => void) =>
  apiUpload<ImportResult>('/guild/import', body, onProgress)

/** The topics an import changed: the ones the server publishes for it (its audit row is history). */
export function importTopics(counts: ImportCounts): Topic[] {
  const topics: Topic[] = []
  if (counts.items.create > 0) topics.push('items')
  if (counts.players.create > 0) topics.push('players')
  if (counts.queueEntries.create > 0) topics.push('queues')
  if (counts.raidNights.create + counts.attendance.create > 0) topics.push('raid-nights')
  if (topics.length > 0 || counts.history.create > 0) topics.push('history')
  return topics
}

/** After an import: refresh what it changed, through the one table (the event stream says so too). */
export function useRefreshAfterImport() {
  const queryClient = useQueryClient()
  return (counts: ImportCounts) => {
    for (const topic of importTopics(counts)) refreshAfter(queryClient, topic)
  }
}
