import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ItemsSummary } from '@contract/items'
import { api } from '@web/lib/api-client'
import { zonedInstant, zonedParts } from '@contract/zoned-time'
import { browserTimeZone } from '@web/lib/format'

/**
 * "Distributed today" means since the viewer's own local midnight, so the browser sends it. Worked out from the
 * reader's zone by name, not the machine's clock, so the server's rendering of the page (in the zone of the
 * reader's cookie) asks for the same day as the browser then does; a midnight the clocks skip is read as a
 * browser reads it, an hour later (contract/zoned-time.ts).
 */
export function localMidnightIso(now = new Date(), timeZone = browserTimeZone()): string {
  if (!timeZone) return new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString()
  return zonedInstant(zonedParts(now, timeZone).date, '00:00', timeZone).toISOString()
}

export const getItemsSummary = (todayStart: string) =>
  api<ItemsSummary>(`/items-summary?todayStart=${encodeURIComponent(todayStart)}`)

export const itemsSummaryQueryOptions = (todayStart: string) =>
  queryOptions({ queryKey: ['items', 'summary', todayStart], queryFn: () => getItemsSummary(todayStart) })

export function useItemsSummary() {
  return useQuery(itemsSummaryQueryOptions(localMidnightIso()))
}
