import { EyeOff, History, ListOrdered, Package } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { PlayerStanding } from '@contract/player-standing'
import { Card, CardContent, CardHeader } from '@web/components/ui/card'
import { ReaderClockNote } from '@web/components/zone-tag'
import { AttendanceShare } from './attendance-share'
import { MovesList } from './moves-list'
import { QueuePlaces } from './queue-places'
import { ReceiptsList } from './receipts-list'

/** The public page only: one line naming what the guild keeps from the public, so nothing seems lost. */
function HiddenByGuild({ hidden }: { hidden: PlayerStanding['hidden'] }) {
  const { t } = useTranslation('standing')
  if (!hidden) return null
  const parts = (['notes', 'counters', 'attendance'] as const).filter((part) => hidden[part])
  if (parts.length === 0) return null
  return (
    <p className="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="hidden-by-guild">
      <EyeOff aria-hidden className="size-3.5 shrink-0" />
      {t('hidden.summary', { parts: parts.map((part) => t(`hidden.${part}`)).join(', ') })}
    </p>
  )
}

/** Every instant the page shows, on the reader's clock: receipts, moves, penalties' ends. */
const shownInstants = (standing: PlayerStanding) =>
  [
    ...standing.received.map((receipt) => receipt.distributedAt),
    ...standing.moves.flatMap((move) => [move.at, move.until]),
    ...standing.queues.map((place) => place.penaltyUntil),
  ].filter((at): at is string => Boolean(at))

/**
 * A player's page, the same on the public site and on the dashboard: their place in each queue, what they
 * received, and what moved them. `aside` sits beside the name (a live badge, a status).
 */
export function PlayerStandingView({ standing, aside }: { standing: PlayerStanding; aside?: ReactNode }) {
  const { t } = useTranslation('standing')
  const { name } = standing.player
  const section = (icon: ReactNode, title: string, body: ReactNode) => (
    <Card>
      <CardHeader className="pb-3">
        <h2 className="flex items-center gap-2 text-base font-semibold leading-none tracking-tight">
          {icon}
          {title}
        </h2>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  )
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">
            {t('title', { name })}
          </h1>
          <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
          {standing.attendance && <AttendanceShare attendance={standing.attendance} />}
          <HiddenByGuild hidden={standing.hidden} />
          <ReaderClockNote zone={standing.timeZone} at={shownInstants(standing)} />
        </div>
        {aside}
      </div>
      {section(
        <ListOrdered aria-hidden className="size-4 text-muted-foreground" />,
        t('queues.title'),
        <QueuePlaces name={name} places={standing.queues} />,
      )}
      <div className="grid items-start gap-6 md:grid-cols-2">
        {section(
          <Package aria-hidden className="size-4 text-muted-foreground" />,
          t('received.title'),
          <ReceiptsList name={name} receipts={standing.received} total={standing.receivedTotal} />,
        )}
        {section(
          <History aria-hidden className="size-4 text-muted-foreground" />,
          t('moves.title'),
          <MovesList name={name} moves={standing.moves} />,
        )}
      </div>
    </div>
  )
}
