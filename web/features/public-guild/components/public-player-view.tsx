import { ArrowLeft, UserX } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { MessageCard, messageTexts } from '@web/components/layout/message-card'
import { PlayerStandingSkeleton } from '@web/components/player-standing/player-standing-skeleton'
import { PlayerStandingView } from '@web/components/player-standing/player-standing-view'
import { buttonVariants } from '@web/components/ui/button'
import { ApiError, errorCode } from '@web/lib/api-client'
import { handleError } from '@web/lib/error-handler'
import { usePublicPlayer } from '../api/get-public-player'
import { usePublicEvents } from '../hooks/use-public-events'
import { GATE_CODES } from './gate-codes'
import { LiveBadge } from './live-badge'
import { LoadRetry } from './load-retry'

/** /guilds/:slug/players/:playerId once through the gate: the player's page, live like the queues. */
export function PublicPlayerView({
  slug,
  playerId,
  onAccessLost,
  onShown,
}: {
  slug: string
  playerId: string
  onAccessLost: () => void
  /** Once the player (or a failure) is on screen. */
  onShown: () => void
}) {
  const { t } = useTranslation(['standing', 'public'])
  const standing = usePublicPlayer(slug, playerId)
  const status = usePublicEvents(slug, true)
  const error = standing.error
  const notFound = errorCode(error) === 'NOT_FOUND'
  const done = standing.data !== undefined || standing.isError
  useEffect(() => {
    if (done) onShown()
  }, [done, onShown])
  useEffect(() => {
    if (!error || notFound) return
    if (error instanceof ApiError && GATE_CODES.has(error.code)) onAccessLost()
    else handleError(error, t('loadError'))
  }, [error, notFound, onAccessLost, t])

  const back = (
    <Link
      to={`/guilds/${encodeURIComponent(slug)}`}
      className={buttonVariants({ variant: 'ghost', className: 'w-fit pointer-coarse:min-h-11' })}
    >
      <ArrowLeft aria-hidden />
      {t('public:queue.back')}
    </Link>
  )
  if (notFound)
    return (
      <div className="grid gap-4">
        {back}
        <MessageCard icon={UserX} tone="muted" {...messageTexts(t, 'notFound')} level={1} />
      </div>
    )
  return (
    <div className="grid gap-4">
      {back}
      {standing.data ? (
        <PlayerStandingView standing={standing.data} aside={<LiveBadge status={status} />} />
      ) : standing.isError ? (
        <LoadRetry message={t('loadError')} retryLabel={t('retry')} onRetry={() => void standing.refetch()} />
      ) : (
        <PlayerStandingSkeleton />
      )}
    </div>
  )
}
