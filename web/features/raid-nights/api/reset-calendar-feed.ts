import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CalendarFeed } from '@contract/raid-nights'
import { api } from '@web/lib/api-client'
import { refreshAfter } from '@web/lib/query-keys'
import { calendarFeedQueryOptions } from './get-calendar-feed'

/** Admins: a new secret address; the old one stops working. */
export function resetCalendarFeed() {
  return api<CalendarFeed>('/raid-nights-calendar', { method: 'POST' })
}

export function useResetCalendarFeed() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: resetCalendarFeed,
    onSuccess: (feed) => {
      const { queryKey } = calendarFeedQueryOptions()
      queryClient.setQueryData(queryKey, feed)
      refreshAfter(queryClient, 'raid-nights', queryKey)
    },
  })
}
