import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { ACTION_TOAST_DURATION } from '@web/components/app-toaster'
import { playersQueryOptions } from '@web/lib/players-list'

/** Why nobody can join a queue besides "everyone is in already": the guild has no players, or none active. */
export type NoPlayers = 'none' | 'noneActive'

const PLAYERS_PAGE = '/dashboard/players'

/**
 * Whether the guild has no player who could join a queue at all (the same cached list the panel reads), and
 * a toast that says so with a way to the players page. Null while the list loads or when someone is active.
 */
export function useNoPlayers() {
  const { t } = useTranslation('items')
  const navigate = useNavigate()
  const players = useQuery(playersQueryOptions()).data
  const kind: NoPlayers | null = !players
    ? null
    : players.length === 0
      ? 'none'
      : players.some((player) => player.isActive)
        ? null
        : 'noneActive'
  const tell = () => {
    if (!kind) return
    toast.info(t(`noPlayers.${kind}.title`), {
      description: t(`noPlayers.${kind}.text`),
      duration: ACTION_TOAST_DURATION,
      action: { label: t('noPlayers.goToPlayers'), onClick: () => void navigate(PLAYERS_PAGE) },
    })
  }
  return { kind, tell }
}

/** The add-player dialog's body when the guild has nobody to add: what to do first, and the link to do it. */
export function NoPlayersNote({ kind }: { kind: NoPlayers }) {
  const { t } = useTranslation('items')
  return (
    <div className="grid justify-items-center gap-2 rounded-md border border-dashed p-4 text-center text-sm">
      <p className="font-medium">{t(`noPlayers.${kind}.title`)}</p>
      <p className="text-muted-foreground">{t(`noPlayers.${kind}.text`)}</p>
      <Link
        to={PLAYERS_PAGE}
        className="rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {t('noPlayers.goToPlayers')}
      </Link>
    </div>
  )
}
