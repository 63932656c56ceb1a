import { queryOptions, useQuery } from '@tanstack/react-query'
import type { RaidNight, RaidNightDetail, RaidNightList } from '@contract/raid-nights'
import { api } from '@web/lib/api-client'

/** A night to filter by: its name and date on the guild's clock, and the zone of that clock. */
export type EventChoice = Pick<RaidNight, 'id' | 'name' | 'date' | 'startsAt' | 'runsUntil'> & {
  timeZone: string
}

const choiceOf = (
  { id, name, date, startsAt, runsUntil }: Omit<EventChoice, 'timeZone'>,
  timeZone: string,
): EventChoice => ({ id, name, date, startsAt, runsUntil, timeZone })

/**
 * The raid nights the history can be filtered by, newest first: the upcoming and running ones, then the 20
 * latest past ones (the events screen's own lists, whose first pages hold them).
 */
export async function getEventChoices(): Promise<EventChoice[]> {
  const [upcoming, past] = await Promise.all(
    (['upcoming', 'past'] as const).map((when) => api<RaidNightList>(`/raid-nights?when=${when}&page=1`)),
  )
  return [...upcoming!.nights.toReversed(), ...past!.nights].map((night) =>
    choiceOf(night, upcoming!.timeZone),
  )
}

/** Under 'raid-nights': a night created, renamed or deleted changes the choices. */
export const eventChoicesQueryOptions = () =>
  queryOptions({ queryKey: ['raid-nights', 'choices'], queryFn: getEventChoices })

/** One night named in the address that the list does not hold (an older one, linked from its page). */
export const eventChoiceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['raid-nights', 'choice', id],
    queryFn: async () => {
      const night = await api<RaidNightDetail>(`/raid-nights/${encodeURIComponent(id)}`)
      return choiceOf(night, night.timeZone)
    },
  })

/** The choices, with the chosen `event` among them even when it is older than the list. */
export function useEventChoices(event: string) {
  const list = useQuery(eventChoicesQueryOptions())
  const listed = !event || Boolean(list.data?.some((choice) => choice.id === event))
  const chosen = useQuery({ ...eventChoiceQueryOptions(event), enabled: Boolean(list.data) && !listed })
  const choices = list.data ?? []
  return chosen.data && !listed ? [...choices, chosen.data] : choices
}
