import { History } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { nightRunsUntil, typedNightSpan } from '@contract/night-span'
import type { RaidNightInput } from '@contract/raid-nights'
import { NightFormNote } from './night-form-note'

type Typed = Pick<RaidNightInput, 'date' | 'startTime' | 'endTime'>

/**
 * Whether the night typed has already started or ended, at `now`: null while the date or a time is not a
 * whole value yet. A night may be saved in the past (officers record nights after the fact), so nothing is
 * refused; the form only says where the night will be, as the server decides (docs/product-rules.md, "Raid
 * nights"): over, with the past nights; started, running.
 */
export function typedNightUnderway(typed: Typed, timeZone: string, now: Date): 'started' | 'ended' | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(typed.date) || !/^\d{2}:\d{2}$/.test(typed.startTime)) return null
  if (typed.endTime && (typed.endTime === typed.startTime || !/^\d{2}:\d{2}$/.test(typed.endTime)))
    return null
  const span = typedNightSpan(typed, timeZone)
  if (Number.isNaN(span.startsAt.getTime()) || span.startsAt > now) return null
  return nightRunsUntil(span) <= now ? 'ended' : 'started'
}

/** Said under the night's times, before saving, when they are already under way or over; `typed` null: nothing. */
export function NightPastNote({ typed, timeZone }: { typed: Typed | null; timeZone: string }) {
  const { t } = useTranslation('events')
  const underway = typed && typedNightUnderway(typed, timeZone, new Date())
  return (
    <NightFormNote icon={History} testId="night-past-note">
      {underway && t(underway === 'ended' ? 'form.alreadyEnded' : 'form.alreadyStarted')}
    </NightFormNote>
  )
}
