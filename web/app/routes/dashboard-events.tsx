import { EventsPage } from '@web/features/raid-nights/components/events-page'

export function Component() {
  return <EventsPage />
}
