import { useTranslation } from 'react-i18next'
import type { RaidNight } from '@contract/raid-nights'
import { Badge } from '@web/components/ui/badge'
import { cn } from '@web/lib/cn'
import type { NightAttendance } from '@contract/enums'
import { type NightStanding, nightStanding } from '../night-standing'

// Tinted outlines whose text keeps a 4.5:1 contrast on both themes, as the queue's standings
// (web/components/attendance-tones.ts).
const EMERALD = 'border-emerald-600/40 bg-emerald-500/10 text-emerald-800 dark:text-emerald-300'
const SKY = 'border-sky-600/40 bg-sky-500/10 text-sky-800 dark:text-sky-300'
const AMBER = 'border-amber-600/40 bg-amber-500/10 text-amber-800 dark:text-amber-300'
const RED = 'border-red-600/40 bg-red-500/10 text-red-800 dark:text-red-300'
const VIOLET = 'border-violet-600/40 bg-violet-500/10 text-violet-800 dark:text-violet-300'
const MUTED = 'border-transparent bg-muted text-muted-foreground'

const STANDING_TONE: Record<NightStanding, string> = {
  scheduled: SKY,
  running: EMERALD,
  ended: AMBER,
  completed: EMERALD,
  archived: MUTED,
  cancelled: RED,
}

/** A mark's colour, on the attendance editor's chosen option and the totals. */
export const MARK_TONE: Record<NightAttendance | 'none', string> = {
  present: EMERALD,
  late: AMBER,
  bench: SKY,
  excused: VIOLET,
  no_show: RED,
  none: MUTED,
}

/** Where a night stands, in one badge (nightStanding): on the list and on the night's page alike. */
export function NightBadge({ night }: { night: Pick<RaidNight, 'status' | 'phase'> }) {
  const { t } = useTranslation('events')
  const standing = nightStanding(night)
  return (
    <Badge variant="outline" className={cn(STANDING_TONE[standing])}>
      {t(`standing.${standing}`)}
    </Badge>
  )
}
