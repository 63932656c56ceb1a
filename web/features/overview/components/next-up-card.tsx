import { CalendarClock, Check, ListOrdered } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Overview } from '@contract/overview'
import { RarityBadge } from '@web/components/rarity-badge'
import { SectionCard } from '@web/components/section-card'
import { Skeleton } from '@web/components/ui/skeleton'

type Props = {
  nextUp: Overview['nextUp'] | undefined
  night: Overview['night'] | undefined
  /** The guild gives by rank first: the card says how that picks the next (it beats "already received"). */
  rankFirst: boolean
  /** The guild's active players: a new guild adds them first, then items. */
  activePlayerCount?: number
}

export function NextUpCard({ nextUp, night, rankFirst, activePlayerCount }: Props) {
  const { t } = useTranslation('overview')
  return (
    <SectionCard
      icon={<ListOrdered className="size-5 text-primary" aria-hidden />}
      title={t('nextUp.title')}
      description={rankFirst ? t('nextUp.descriptionRankFirst') : t('nextUp.description')}
    >
      {night && (
        <p className="mb-3 flex items-center gap-2 rounded-lg border border-sky-600/40 bg-sky-500/5 p-3 text-sm">
          <CalendarClock aria-hidden className="size-4 shrink-0 text-sky-700 dark:text-sky-300" />
          {t('nextUp.tonight', { name: night.name })}
        </p>
      )}
      {nextUp === undefined ? (
        <div className="grid gap-2">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : nextUp.length === 0 ? (
        <FirstSteps hasPlayers={(activePlayerCount ?? 0) > 0} />
      ) : (
        <ul className="divide-y rounded-lg border">
          {nextUp.map((entry) => (
            <li key={entry.itemId} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <div className="flex min-w-0 items-center gap-2">
                <Link
                  to={`/dashboard/items?tab=queues&item=${entry.itemId}`}
                  className="truncate rounded-sm font-medium underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {entry.itemName}
                </Link>
                {entry.rarity && <RarityBadge rarity={entry.rarity} className="hidden sm:inline-flex" />}
              </div>
              {entry.player ? (
                <span className="font-medium text-primary">{entry.player.name}</span>
              ) : (
                // When nobody can receive it says so; it never calls a non-empty queue empty.
                <span className="text-sm text-muted-foreground italic">
                  {entry.queueCount > 0
                    ? t('nextUp.nobodyCanReceive', { count: entry.queueCount })
                    : t('nextUp.noPlayer')}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  )
}

const STEP_LINK =
  'rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring'

/** A guild with no items yet: what to do, in order (players first, then items and their queues). */
function FirstSteps({ hasPlayers }: { hasPlayers: boolean }) {
  const { t } = useTranslation('overview')
  const labelId = useId()
  const steps = [
    { key: 'players', to: '/dashboard/players', link: t('nextUp.steps.goToPlayers'), done: hasPlayers },
    { key: 'items', to: '/dashboard/items', link: t('nextUp.steps.goToItems'), done: false },
  ] as const
  return (
    <div className="grid justify-items-center gap-3 py-6 text-center">
      <p className="font-medium">{t('nextUp.empty')}</p>
      <p id={labelId} className="text-sm text-muted-foreground">
        {t('nextUp.emptyHelp')}
      </p>
      <ol aria-labelledby={labelId} className="grid w-full max-w-md gap-2 text-left">
        {steps.map((step, index) => (
          <li key={step.key} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border p-3">
            <span
              aria-hidden
              className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary"
            >
              {step.done ? <Check className="size-3.5" /> : index + 1}
            </span>
            <span className="min-w-0 flex-1 text-sm">
              {t(`nextUp.steps.${step.key}`)}
              {step.done && <span className="text-muted-foreground"> ({t('nextUp.steps.done')})</span>}
            </span>
            <Link to={step.to} className={STEP_LINK}>
              {step.link}
            </Link>
          </li>
        ))}
      </ol>
    </div>
  )
}
