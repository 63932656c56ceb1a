import { z } from 'zod'
import type { PlayerStanding } from '../../../contract/player-standing'
import type { Deps } from '../../deps'
import { AppError } from '../../lib/app-error'
import { playerStanding } from '../players/player-standing.service'
import { publicHereTonight } from './public-reads'
import { reduceStanding, visibilityOf } from './public-visibility'
import { requireAccess } from './public.service'

/**
 * A player's public page, behind the same gate as the rest of the public page. Another guild's player, an
 * inactive one, one that does not exist and an id that is no player id at all (a link cut short) are the same
 * 404: the page never says which, and shows "player not found" rather than a form error.
 */
export async function publicPlayer(
  deps: Deps,
  slug: string,
  playerId: string,
  cookieOf: (guildId: string) => string | undefined,
  /** The request's arrival (AppEnv arrivedAt): nothing cached older than a finished write is used. */
  arrivedAt?: number,
): Promise<PlayerStanding> {
  const { guild } = await requireAccess(deps, slug, cookieOf, arrivedAt)
  if (!z.uuid().safeParse(playerId).success) throw new AppError('NOT_FOUND')
  // The night's "here" as the public queues read it: the same cached view, no query of its own when cached.
  const night = await publicHereTonight(deps, guild, deps.now().getTime(), arrivedAt)
  const standing = await playerStanding(deps, guild.id, playerId, { publicOnly: true, night })
  if (!standing) throw new AppError('NOT_FOUND')
  return reduceStanding(standing, visibilityOf(guild))
}
