import { useQueryClient } from '@tanstack/react-query'
import type { ImportPreview, ImportRequest, ImportResult } from '@contract/imports'
import { apiUpload } from '@web/lib/api-client'

/** The browser's time zone: CSV dates without an offset are read on the guild's clock. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

export const previewImport = (body: ImportRequest, onProgress: (sent: number) => void) =>
  apiUpload<ImportPreview>('/guild/import/preview', body, onProgress)

export const runImport = (body: ImportRequest, onProgress: (sent: number) => void) =>
  apiUpload<ImportResult>('/guild/import', body, onProgress)

/** After an import every screen may be out of date (the event stream also says so, a moment later). */
export function useRefreshAfterImport() {
  const queryClient = useQueryClient()
  return () => void queryClient.invalidateQueries()
}
