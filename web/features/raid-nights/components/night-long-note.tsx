import { Clock } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { typedNightSpan } from '@contract/night-span'
import type { RaidNightInput } from '@contract/raid-nights'
import { NightFormNote } from './night-form-note'

type Typed = Pick<RaidNightInput, 'date' | 'startTime' | 'endTime'>

/** A night typed longer than this is said before saving: its end was more likely mistyped than meant. */
export const LONG_NIGHT_HOURS = 12

/**
 * How long the night typed lasts, in minutes, when it has an end and lasts more than LONG_NIGHT_HOURS, with
 * whether that end is the next day's; null otherwise, or while the date or a time is not a whole value yet.
 * Read on the guild's clock, as the server stores it (a daylight-saving jump counts).
 */
export function typedLongNight(typed: Typed, timeZone: string): { minutes: number; nextDay: boolean } | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(typed.date) || !/^\d{2}:\d{2}$/.test(typed.startTime)) return null
  if (!typed.endTime || !/^\d{2}:\d{2}$/.test(typed.endTime) || typed.endTime === typed.startTime) return null
  const { startsAt, endsAt } = typedNightSpan(typed, timeZone)
  if (!endsAt || Number.isNaN(startsAt.getTime()) || Number.isNaN(endsAt.getTime())) return null
  const minutes = Math.round((endsAt.getTime() - startsAt.getTime()) / 60_000)
  if (minutes <= LONG_NIGHT_HOURS * 60) return null
  return { minutes, nextDay: typed.endTime < typed.startTime }
}

/**
 * Said under the night's times, before saving, when they make a night of more than LONG_NIGHT_HOURS: an end
 * before the start is the next day's, so "21:00 to 20:00" was saved silently as a 23-hour night (an outside
 * test, 2026-12-07). Not refused: a night past midnight is legitimate. `typed` null: nothing.
 */
export function NightLongNote({ typed, timeZone }: { typed: Typed | null; timeZone: string }) {
  const { t } = useTranslation('events')
  const long = typed && typedLongNight(typed, timeZone)
  // "23 horas", "13 horas e 30 minutos": counted by the minutes past the hour (zero: the hours alone).
  const duration = long
    ? t('form.longNightDuration', { hours: Math.floor(long.minutes / 60), count: long.minutes % 60 })
    : ''
  return (
    <NightFormNote icon={Clock} testId="night-long-note">
      {long && t(long.nextDay ? 'form.longNightNextDay' : 'form.longNight', { duration })}
    </NightFormNote>
  )
}
