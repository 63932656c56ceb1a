import { ArrowLeft } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { LoadErrorAlert } from '@web/components/layout/page-states'
import { PlayerStandingSkeleton } from '@web/components/player-standing/player-standing-skeleton'
import { PlayerStandingView } from '@web/components/player-standing/player-standing-view'
import { buttonVariants } from '@web/components/ui/button'
import { usePageTitle } from '@web/hooks/use-page-title'
import { errorCode } from '@web/lib/api-client'
import { usePlayerStanding } from '../api/get-player-standing'
import { AddToEveryQueueButton } from './add-to-every-queue-button'
import { PlayerStatusBadge } from './player-status-badge'
import { useErrorToast } from '@web/hooks/use-error-toast'

/** /dashboard/players/:id — the player's page as the public site shows it, hidden items included. */
export function PlayerStandingPage({ id }: { id: string }) {
  const { t } = useTranslation(['standing', 'players'])
  const standing = usePlayerStanding(id)
  usePageTitle(standing.data?.player.name ?? t('players:title'))
  const notFound = errorCode(standing.error) === 'NOT_FOUND'
  useErrorToast(notFound ? null : standing.error, t('loadError'))

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-4 p-4 md:p-6">
      <Link to="/dashboard/players" className={buttonVariants({ variant: 'ghost', className: 'w-fit' })}>
        <ArrowLeft aria-hidden />
        {t('players:title')}
      </Link>
      {standing.data ? (
        <PlayerStandingView
          standing={standing.data}
          aside={
            <div className="flex flex-wrap items-center gap-3">
              <PlayerStatusBadge status={standing.data.player.playerStatus} />
              {/* Only an active player can join a queue (docs/product-rules.md, "Players"). */}
              {standing.data.player.playerStatus === 'active' && <AddToEveryQueueButton playerId={id} />}
            </div>
          }
        />
      ) : standing.error ? (
        <LoadErrorAlert
          title={notFound ? t('notFound.title') : t('loadError')}
          help={notFound ? t('notFound.description') : null}
          retryLabel={t('retry')}
          onRetry={() => void standing.refetch()}
        />
      ) : (
        <PlayerStandingSkeleton />
      )}
    </div>
  )
}
