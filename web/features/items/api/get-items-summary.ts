import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ItemsSummary } from '@contract/items'
import { api } from '@web/lib/api-client'
import { zonedInstant, zonedParts } from '@contract/zoned-time'
import { useHydrated } from '@web/hooks/use-hydrated'
import { browserTimeZone } from '@web/lib/format'

/**
 * "Distributed today" means since the viewer's own local midnight, so the browser sends it: by the machine's
 * clock in the browser, by `timeZone`'s (the zone of the reader's cookie) when the server renders their page.
 * The two agree (get-items-summary.test.ts); a midnight the clocks skip is read, as a browser does, an hour
 * later (contract/zoned-time.ts). Only the server names the zone: reading its name in the browser would
 * cost the page its first Intl.DateTimeFormat (35–90 ms) while it hydrates.
 */
export function localMidnightIso(now = new Date(), timeZone?: string): string {
  if (!timeZone) return new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString()
  return zonedInstant(zonedParts(now, timeZone).date, '00:00', timeZone).toISOString()
}

export const getItemsSummary = (todayStart: string) =>
  api<ItemsSummary>(`/items-summary?todayStart=${encodeURIComponent(todayStart)}`)

const SUMMARY_KEY = ['items', 'summary'] as const

export const itemsSummaryQueryOptions = (todayStart: string) =>
  queryOptions({ queryKey: [...SUMMARY_KEY, todayStart], queryFn: () => getItemsSummary(todayStart) })

export function useItemsSummary() {
  return useQuery(itemsSummaryQueryOptions(useTodayStart()))
}

/**
 * The reader's midnight, as the page asks for it: on the server, in the zone of their cookie; while the browser
 * hydrates a page the server drew, the day the server asked for (the summary it sent), so the first render is
 * the server's even when the machine's zone changed since the cookie was written; then the machine's own
 * (another day than the server's is then fetched, and shown).
 */
function useTodayStart(): string {
  const hydrated = useHydrated()
  const queryClient = useQueryClient()
  if (typeof window === 'undefined') return localMidnightIso(new Date(), browserTimeZone())
  const served = hydrated ? undefined : queryClient.getQueriesData({ queryKey: SUMMARY_KEY })[0]?.[0][2]
  return typeof served === 'string' ? served : localMidnightIso()
}
