import { PackageOpen, Trophy } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { RaidNightDetail } from '@contract/raid-nights'
import { DataTable } from '@web/components/data-table'
import { EmptyState } from '@web/components/layout/empty-state'
import { RarityBadge } from '@web/components/rarity-badge'
import { SectionCard } from '@web/components/section-card'
import { nameColumn } from '@web/components/table-columns'
import { buttonVariants } from '@web/components/ui/button'
import { EmptyValue } from '@web/components/ui/empty-value'
import { useOtherZoneName } from '@web/hooks/use-other-zone-name'
import { formatDateTime } from '@web/lib/format'
import { OfficersOnlyMark } from '@web/components/officers-only-mark'
import { ZoneTag } from '@web/components/zone-tag'

type Award = RaidNightDetail['awardRows'][number]

/**
 * Every item handed out during the night, with its note, at the guild's time as the night's own times are,
 * the column saying the zone when the reader's clock reads otherwise (docs/product-rules.md, "Raid nights");
 * and the history filtered by it.
 */
export function NightAwards({ night }: { night: RaidNightDetail }) {
  const { t } = useTranslation('events')
  const zone = useOtherZoneName()(
    night.timeZone,
    night.awardRows.map((row) => row.distributedAt),
  )
  const history = (tab?: 'activity') =>
    `/dashboard/history?${new URLSearchParams({ ...(tab ? { tab } : {}), event: night.id })}`
  return (
    <SectionCard
      icon={<Trophy className="size-5" aria-hidden />}
      title={t('night.awards.title')}
      description={t('night.awards.description')}
      contentClassName="grid gap-4"
    >
      {night.awardRows.length === 0 ? (
        <EmptyState icon={PackageOpen} title={t('night.awards.empty')} />
      ) : (
        <DataTable
          label={t('night.awards.caption')}
          rows={night.awardRows}
          columns={[
            nameColumn(t('night.awards.item'), (row: Award) => (
              <>
                <span className="flex flex-wrap items-center gap-2">
                  {row.itemName}
                  {row.itemRarity && <RarityBadge rarity={row.itemRarity} />}
                </span>
                {/* On a phone the note and the time move under the item, so the table is the item and who got it
                    and each award is read whole without a sideways swipe (e2e/long-text.e2e.ts), as the
                    history's rows are. */}
                <div className="mt-1 space-y-1 text-xs font-normal text-muted-foreground sm:hidden">
                  {/* The time column's heading, which says the zone to a reader on another clock, is hidden here. */}
                  <p>
                    <AwardTime row={row} timeZone={night.timeZone} />
                    <ZoneTag zone={night.timeZone} at={row.distributedAt} className="whitespace-normal" />
                  </p>
                  {row.notes !== null && (
                    <p className="wrap-anywhere whitespace-pre-line">
                      <AwardNote row={row} />
                    </p>
                  )}
                </div>
              </>
            )),
            { label: t('night.awards.player'), cell: (row) => row.playerName },
            {
              label: t('night.awards.note'),
              className: 'hidden sm:table-cell',
              cellClassName: 'min-w-40 max-w-xs wrap-anywhere whitespace-pre-line',
              cell: (row) => (row.notes === null ? <EmptyValue /> : <AwardNote row={row} />),
            },
            {
              label: zone ? t('night.awards.timeIn', { zone }) : t('night.awards.time'),
              className: 'hidden sm:table-cell',
              cellClassName: 'whitespace-nowrap tabular-nums',
              cell: (row) => <AwardTime row={row} timeZone={night.timeZone} />,
            },
          ]}
        />
      )}
      <div className="flex flex-wrap gap-2">
        <Link to={history()} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          {t('night.awards.loot')}
        </Link>
        <Link to={history('activity')} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          {t('night.awards.activity')}
        </Link>
      </div>
    </SectionCard>
  )
}

/** The award's note as typed, marked when it is for officers only. */
function AwardNote({ row }: { row: Award }) {
  return (
    <>
      {row.notes}
      <OfficersOnlyMark shown={row.notesPrivate} />
    </>
  )
}

/** When the item was handed out, on the guild's clock. */
function AwardTime({ row, timeZone }: { row: Award; timeZone: string }) {
  return (
    <time className="whitespace-nowrap tabular-nums" dateTime={row.distributedAt}>
      {formatDateTime(row.distributedAt, timeZone)}
    </time>
  )
}
