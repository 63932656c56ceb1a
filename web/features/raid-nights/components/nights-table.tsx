import { CopyPlus, MoreHorizontal } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { AttendanceCounts, RaidNight } from '@contract/raid-nights'
import { DataTable } from '@web/components/data-table'
import { ZoneTag } from '@web/components/zone-tag'
import { IconButton } from '@web/components/icon-button'
import { RowMenu, RowMenuItem } from '@web/components/row-menu'
import { nameColumn } from '@web/components/table-columns'
import { Button } from '@web/components/ui/button'
import { Pencil } from 'lucide-react'
import { ACTIONS_FROM, offersDelete } from '../night-actions'
import { nightDate, nightTimes } from '../night-format'
import type { NightAction } from '../hooks/use-night-actions'
import { NightBadge } from './night-badges'
import { nightStanding } from '../night-standing'
import { ACTION_ICON } from './night-status-icons'

/** The marks a night's attendance names after "present", in the attendance editor's order, when non-zero. */
const COUNTED_MARKS = ['late', 'bench', 'excused', 'noShow'] as const satisfies (keyof AttendanceCounts)[]

type Props = {
  nights: RaidNight[]
  /** The guild's time zone, whose clock the nights' times are on. */
  timeZone: string
  caption: string
  onEdit: (night: RaidNight) => void
  onCopy: (night: RaidNight) => void
  onAction: (night: RaidNight, action: NightAction) => void
  /** A change is under way: the row buttons wait. */
  busy?: boolean
}

/** Nights, one line each: a link to its page, when (on the guild's clock), where it stands, and its actions. */
export function NightsTable({ nights, timeZone, caption, onEdit, onCopy, onAction, busy }: Props) {
  const { t } = useTranslation('events')
  // The zone said after a night's times when the reader's clock reads otherwise (docs/product-rules.md,
  // "Raid nights").
  const zoneTag = (night: RaidNight, className = 'text-xs') => (
    <ZoneTag zone={timeZone} at={[night.startsAt, night.runsUntil]} className={className} />
  )
  // A night whose hours are over and was never completed says so, with its "Complete" beside it: what is left
  // to do (docs/product-rules.md, "Raid nights"). On a phone the row's menu, in view beside it, offers it.
  const CompleteIcon = ACTION_ICON.complete
  const standing = (night: RaidNight) => (
    <span className="inline-flex flex-wrap items-center gap-2">
      <NightBadge night={night} />
      {nightStanding(night) === 'ended' && (
        <Button
          variant="outline"
          size="sm"
          aria-label={t('actions.completeNamed', { name: night.name })}
          disabled={busy}
          onClick={() => onAction(night, 'complete')}
        >
          <CompleteIcon aria-hidden />
          {t('actions.complete')}
        </Button>
      )}
    </span>
  )
  return (
    <DataTable
      label={caption}
      rows={nights}
      columns={[
        nameColumn(
          t('columns.name'),
          (night: RaidNight) => (
            // A long name wraps inside its cell (even a word without spaces), so the table keeps its other
            // columns in view at desktop widths; on a phone the table scrolls in its own box.
            <>
              <Link
                to={`/dashboard/events/${night.id}`}
                className="block wrap-anywhere underline-offset-4 hover:underline"
              >
                {night.name}
              </Link>
              {/* On a phone the date, the times and the status move under the name, so the row is its name and its
                  actions: they stay in view without a sideways scroll (e2e/events-table.e2e.ts). */}
              <div className="mt-1 flex flex-wrap items-center gap-2 font-normal sm:hidden">
                <span className="whitespace-nowrap text-xs text-muted-foreground">{nightDate(night)}</span>
                {/* The zone's name goes to the next line when the times and it do not fit side by side. */}
                <span className="inline-flex flex-wrap items-baseline gap-x-1 whitespace-nowrap text-xs text-muted-foreground tabular-nums">
                  {nightTimes(night)}
                  {/* A phone's narrow column: the zone's name may wrap inside itself too. */}
                  {zoneTag(night, 'text-xs whitespace-normal')}
                </span>
                <NightBadge night={night} />
              </div>
            </>
          ),
          'min-w-24 sm:min-w-40',
        ),
        {
          // The date and, under it, the times and the zone said to a reader on another clock: one column, so
          // the row keeps its status and actions in view at 1280 px (e2e/events-table.e2e.ts).
          label: t('columns.when'),
          className: 'hidden sm:table-cell',
          cellClassName: 'whitespace-nowrap',
          cell: (night) => (
            <>
              {nightDate(night)}
              <span className="block text-xs text-muted-foreground tabular-nums">
                {nightTimes(night)}
                {zoneTag(night, 'block text-xs')}
              </span>
            </>
          ),
        },
        {
          label: t('columns.status'),
          className: 'hidden sm:table-cell',
          cell: standing,
        },
        {
          label: t('columns.attendance'),
          className: 'hidden md:table-cell',
          cellClassName: 'min-w-40 text-muted-foreground',
          // Each mark apart, the figures of the night's page ("36 presentes · 1 atrasado · 2 no banco"): present
          // always, the others when some player has them.
          cell: ({ attendance }) =>
            [
              t('attendanceCount.present', { count: attendance.present }),
              ...COUNTED_MARKS.filter((mark) => attendance[mark] > 0).map((mark) =>
                t(`attendanceCount.${mark}`, { count: attendance[mark] }),
              ),
            ].reduce((before, next) => t('attendanceCount.then', { before, next })),
        },
        {
          label: t('columns.awards'),
          className: 'hidden md:table-cell',
          cellClassName: 'whitespace-nowrap text-muted-foreground',
          cell: (night) => t('awardCount', { count: night.awards }),
        },
        {
          label: t('columns.actions'),
          className: 'text-right',
          cellClassName: 'whitespace-nowrap',
          cell: (night) => (
            // Edit and repeat are buttons where there is room; on a phone they join the menu, the row's one button.
            <>
              <IconButton
                className="hidden sm:inline-flex"
                icon={Pencil}
                label={t('editNamed', { ns: 'common', name: night.name })}
                hint={t('edit', { ns: 'common' })}
                disabled={busy}
                onClick={() => onEdit(night)}
              />
              <IconButton
                className="hidden sm:inline-flex"
                icon={CopyPlus}
                label={t('actions.copyNamed', { name: night.name })}
                hint={t('actions.copy')}
                disabled={busy}
                onClick={() => onCopy(night)}
              />
              <RowMenu
                trigger={
                  <Button
                    variant="ghost"
                    size="icon"
                    disabled={busy}
                    aria-label={t('actions.more', { name: night.name })}
                  >
                    <MoreHorizontal aria-hidden />
                  </Button>
                }
                dangerLabel={t('actions.delete')}
                onDanger={offersDelete(night) ? () => onAction(night, 'delete') : undefined}
              >
                <RowMenuItem className="sm:hidden" onSelect={() => onEdit(night)}>
                  <Pencil aria-hidden />
                  {t('edit', { ns: 'common' })}
                </RowMenuItem>
                <RowMenuItem className="sm:hidden" onSelect={() => onCopy(night)}>
                  <CopyPlus aria-hidden />
                  {t('actions.copy')}
                </RowMenuItem>
                {ACTIONS_FROM[night.status].map((action) => {
                  const Icon = ACTION_ICON[action]
                  return (
                    <RowMenuItem key={action} onSelect={() => onAction(night, action)}>
                      <Icon aria-hidden />
                      {t(`actions.${action}`)}
                    </RowMenuItem>
                  )
                })}
              </RowMenu>
            </>
          ),
        },
      ]}
    />
  )
}
