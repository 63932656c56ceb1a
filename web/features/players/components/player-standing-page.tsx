import { ArrowLeft } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { LoadErrorAlert } from '@web/components/layout/page-states'
import { PlayerStandingSkeleton } from '@web/components/player-standing/player-standing-skeleton'
import { PlayerStandingView } from '@web/components/player-standing/player-standing-view'
import { buttonVariants } from '@web/components/ui/button'
import { usePageTitle } from '@web/hooks/use-page-title'
import { errorCode } from '@web/lib/api-client'
import { handleError } from '@web/lib/error-handler'
import { usePlayerStanding } from '../api/get-player-standing'
import { PlayerStatusBadge } from './player-status-badge'

/** /dashboard/players/:id — the player's page as the public site shows it, hidden items included. */
export function PlayerStandingPage({ id }: { id: string }) {
  const { t } = useTranslation(['standing', 'players'])
  const standing = usePlayerStanding(id)
  usePageTitle(standing.data?.player.name ?? t('players:title'))
  const notFound = errorCode(standing.error) === 'NOT_FOUND'
  useEffect(() => {
    if (standing.error && !notFound) handleError(standing.error, t('loadError'))
  }, [standing.error, notFound, t])

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-4 p-4 md:p-6">
      <Link to="/dashboard/players" className={buttonVariants({ variant: 'ghost', className: 'w-fit' })}>
        <ArrowLeft aria-hidden />
        {t('players:title')}
      </Link>
      {standing.data ? (
        <PlayerStandingView
          standing={standing.data}
          aside={<PlayerStatusBadge status={standing.data.player.playerStatus} />}
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
