import { useMutation } from '@tanstack/react-query'
import type { ApiErrorBody } from '@contract/error-codes'
import { ApiError, NetworkError } from '@web/lib/api-client'
import { toQueryString } from './history-params'

/** `event`: one raid night's rows only ('' or absent for every row). */
export type CsvExport =
  | { kind: 'loot'; search: string; rarity: string; event?: string }
  | { kind: 'activity'; search: string; event?: string }

/** No `tz`: a file's dates are on the guild's clock, named in its date column (server/modules/history/history.csv.ts). */
function exportPath(input: CsvExport): string {
  const search = input.search.trim()
  const eventId = input.event
  return input.kind === 'loot'
    ? `/history/loot.csv${toQueryString({ search, rarity: input.rarity === 'all' ? undefined : input.rarity, eventId })}`
    : `/history/activity.csv${toQueryString({ search, eventId })}`
}

/** The file name the server chose (Content-Disposition), or a plain fallback. */
function fileNameOf(res: Response, input: CsvExport): string {
  const match = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')
  return match?.[1] ?? `${input.kind}.csv`
}

/**
 * Downloads an export through fetch rather than a plain link, so a refusal (402, 403) becomes a toast
 * instead of a page of JSON.
 */
export async function downloadHistoryCsv(input: CsvExport): Promise<string> {
  let res: Response
  try {
    res = await fetch(`/api/v1${exportPath(input)}`, {
      credentials: 'same-origin',
      headers: { accept: 'text/csv' },
    })
  } catch {
    throw new NetworkError()
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as ApiErrorBody | null
    throw new ApiError(res.status, body?.error.code ?? 'UNKNOWN', body?.error.message ?? res.statusText)
  }
  const name = fileNameOf(res, input)
  const url = URL.createObjectURL(await res.blob())
  try {
    const link = document.createElement('a')
    link.href = url
    link.download = name
    document.body.append(link)
    link.click()
    link.remove()
  } finally {
    // Give the browser a moment to start the download before the blob goes away.
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }
  return name
}

export function useDownloadHistoryCsv() {
  return useMutation({ mutationFn: downloadHistoryCsv })
}
