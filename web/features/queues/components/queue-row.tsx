import { useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { ArrowRight, Check, GripVertical, UserX } from 'lucide-react'
import { memo, useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { QueueEntry } from '@contract/queues'
import { isHereTonight } from '@contract/raid-nights'
import { ATTENDANCE_TONE, TONIGHT_TONE } from '@web/components/attendance-tones'
import { QueuePosition } from '@web/components/queue-position'
import { Badge } from '@web/components/ui/badge'
import { Button } from '@web/components/ui/button'
import { cn } from '@web/lib/cn'
import { formatDateTime } from '@web/lib/format'
import { QueueRowMenu } from './queue-row-menu'
import { OfficersOnlyMark } from '@web/components/officers-only-mark'
import type { NightAttendance } from '@contract/enums'
import { LongNote } from '@web/components/long-note'

/** The night's two marks, one button each beside the row's menu (actions.<mark> and actions.<mark>Named). */
const MARKS = [
  { mark: 'received', icon: Check },
  { mark: 'absent', icon: UserX },
] as const

/**
 * What a row can ask for; the functions must keep their identity across renders (rows are memoised). The two
 * marks get their click too: whether it came from a pointer (`detail` above 0) or the keyboard (queue-panel.tsx).
 */
export type QueueRowHandlers = {
  received: (entry: QueueEntry, click: { detail: number }) => void
  absent: (entry: QueueEntry, click: { detail: number }) => void
  toggleNotInterested: (entry: QueueEntry) => void
  penalize: (entry: QueueEntry) => void
  removePenalty: (entry: QueueEntry) => void
  remove: (entry: QueueEntry) => void
}

type Props = {
  entry: QueueEntry
  isNext: boolean
  busy: boolean
  handlers: QueueRowHandlers
  /** During a raid night: the player's mark on it (null: not marked); undefined: no night running. */
  mark?: NightAttendance | null
  /** The player's rank name; null (no rank) or undefined (the guild has no ranks): no badge. */
  rankName?: string | null
}

/**
 * The sortable shell stays tiny: dnd-kit re-renders every row on each step of a drag, so the row's
 * content is memoised apart and only renders again when its entry or state changes.
 */
export function QueueRow({ entry, isNext, busy, handlers, mark, rankName }: Props) {
  const { t } = useTranslation('items')
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: entry.id })
  const name = entry.playerName || t('queue.noName')

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-entry-id={entry.id}
      // Focus comes here after an action moved the row it was started from (web/hooks/use-row-refocus.ts).
      tabIndex={-1}
      className={cn(
        'relative flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border bg-card p-3 outline-none focus-visible:ring-2 focus-visible:ring-ring',
        isNext && 'border-primary/60 bg-primary/5',
        isDragging && 'z-10 shadow-lg ring-2 ring-ring',
      )}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={t('queue.dragHandle', { name, position: entry.position })}
        className="-ml-1 cursor-grab touch-none rounded p-1 text-muted-foreground hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring active:cursor-grabbing"
      >
        <GripVertical className="size-4" aria-hidden />
      </button>
      <QueueRowBody
        entry={entry}
        isNext={isNext}
        busy={busy}
        handlers={handlers}
        mark={mark}
        rankName={rankName}
      />
    </li>
  )
}

const QueueRowBody = memo(function QueueRowBody({ entry, isNext, busy, handlers, mark, rankName }: Props) {
  const { t } = useTranslation('items')
  const name = entry.playerName || t('queue.noName')
  const notInterested = entry.attendanceStatus === 'not_interested'
  const lapsed = entry.penaltyUntil !== null && !entry.isPenalized
  // The badge saying why "Received" is off is also the button's description (screen readers hear it there).
  const belowMinimumId = useId()

  return (
    <>
      <QueuePosition position={entry.position} isNext={isNext} label={t('queue.position')} />
      <div className={cn('grid min-w-0 flex-1 basis-40 gap-1', notInterested && 'opacity-60')}>
        <div className="flex flex-wrap items-center gap-1.5">
          <span className={cn('min-w-0 font-medium', !entry.playerName && 'italic text-muted-foreground')}>
            {name}
          </span>
          {rankName && (
            // The rank decides who is next with "rank first" (docs/product-rules.md, "Ranks"): said on every ranked
            // row; a player without a rank gets no badge (noise, an outside tester's report). A long name (up to
            // 40 characters) is cut short on a phone rather than widening the row.
            <Badge variant="outline" className="max-w-full font-normal text-muted-foreground">
              <span className="sr-only">{t('queue.rank')}: </span>
              <span className="truncate">{rankName}</span>
            </Badge>
          )}
          {notInterested && <Badge variant="secondary">{t('attendance.not_interested')}</Badge>}
          {entry.attendanceStatus === 'received' && (
            // Tinted rather than solid: white on the solid success colour fails WCAG AA contrast.
            <Badge
              variant="outline"
              className="border-emerald-600/40 bg-emerald-500/10 text-emerald-800 dark:text-emerald-300"
            >
              {t('attendance.received')}
            </Badge>
          )}
          {entry.attendanceStatus === 'absent' && <Badge variant="warning">{t('attendance.absent')}</Badge>}
          {entry.isPenalized && entry.penaltyUntil && (
            <Badge variant="destructive" wraps>
              {t('queue.penalizedUntil', { date: formatDateTime(entry.penaltyUntil) })}
            </Badge>
          )}
          {mark && mark !== 'present' && (
            <Badge
              variant="outline"
              className={isHereTonight(mark) ? TONIGHT_TONE : ATTENDANCE_TONE.not_interested}
            >
              {t(`tonight.marks.${mark}`)}
            </Badge>
          )}
          {entry.belowMinimumRank && (
            // Kept in the queue, never next; an award is refused (docs/product-rules.md, "Ranks").
            <Badge id={belowMinimumId} variant="outline" className={ATTENDANCE_TONE.not_interested}>
              {t('queue.belowMinimumRank')}
            </Badge>
          )}
          {isNext && (
            <Badge variant="default">
              <ArrowRight aria-hidden />
              {mark === undefined ? t('queue.nextInLine') : t('tonight.next')}
            </Badge>
          )}
        </div>
        <p className="text-xs text-muted-foreground">
          {t('queue.counts', { received: entry.timesReceived, absent: entry.timesAbsent })}
        </p>
        {entry.penaltyNote && (
          // An ended penalty keeps its reason until it is cleared (the row's menu): shown muted, with its end.
          <LongNote
            text={entry.penaltyNote}
            className={cn('text-xs wrap-anywhere', lapsed ? 'text-muted-foreground' : 'text-destructive')}
          >
            {lapsed && entry.penaltyUntil && (
              <span>{t('queue.penaltyEnded', { date: formatDateTime(entry.penaltyUntil) })} · </span>
            )}
            <span className="font-medium">{t('queue.reason')}:</span> {entry.penaltyNote}
            <OfficersOnlyMark shown={entry.penaltyNotePrivate} />
          </LongNote>
        )}
      </div>
      {/* Every action is labelled in words (icons alone do not say what they do). On a phone the actions
          get their own line, so names and badges keep the width, and take a finger's 44 px (the night's
          awards are handed out from a phone). */}
      <div className="flex w-full items-center justify-end gap-1 sm:ml-auto sm:w-auto">
        {MARKS.map(({ mark, icon: Icon }) => {
          // An award to a player below the item's minimum rank is refused by the server: not offered here.
          const belowMinimum = mark === 'received' && entry.belowMinimumRank
          return (
            <Button
              key={mark}
              variant="outline"
              size="sm"
              className="pointer-coarse:h-11"
              disabled={busy || notInterested || belowMinimum}
              aria-label={t(`actions.${mark}Named`, { name })}
              aria-describedby={belowMinimum ? belowMinimumId : undefined}
              onClick={(event) => handlers[mark](entry, event)}
            >
              <Icon aria-hidden />
              {t(`actions.${mark}`)}
            </Button>
          )
        })}
        <QueueRowMenu
          name={name}
          busy={busy}
          isPenalized={entry.isPenalized}
          penaltyLapsed={lapsed}
          notInterested={notInterested}
          onPenalize={() => handlers.penalize(entry)}
          onRemovePenalty={() => handlers.removePenalty(entry)}
          onToggleNotInterested={() => handlers.toggleNotInterested(entry)}
          onRemove={() => handlers.remove(entry)}
        />
      </div>
    </>
  )
})
