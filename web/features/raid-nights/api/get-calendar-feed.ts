import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CalendarFeed } from '@contract/raid-nights'
import { api } from '@web/lib/api-client'

/** The guild's calendar (ICS) address, null until an admin makes one. */
export const getCalendarFeed = () => api<CalendarFeed>('/raid-nights-calendar')

export const calendarFeedQueryOptions = () =>
  queryOptions({ queryKey: ['raid-nights', 'calendar'], queryFn: getCalendarFeed })

export function useCalendarFeed() {
  return useQuery(calendarFeedQueryOptions())
}
