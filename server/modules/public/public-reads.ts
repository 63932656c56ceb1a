import { z } from 'zod'
import type { PublicView } from '../../../contract/public'
import type { Deps } from '../../deps'
import { AppError } from '../../lib/app-error'
import { validUntil } from '../../lib/cached-answer'
import { type CachedBody, encodeBody } from '../../platform/read-cache'
import type { NightNow } from '../raid-nights/attendance.service'
import type { PublicGuildRow } from './public.queries'
import { publicQueue, publicView } from './public.service'

// The public view and queues as the read cache keeps them (docs/decisions/009-cached-reads.md): the same
// cached bytes answer the API's reads (public.routes.ts) and feed the public page's server rendering
// (public-page.ts). `arrivedAt`: the request's arrival, so nothing older than a finished write is used.

export async function cachedPublicView(
  deps: Deps,
  guild: PublicGuildRow,
  at: number,
  arrivedAt?: number,
): Promise<CachedBody> {
  const { body } = await deps.readCache.through(
    guild.id,
    { kind: 'public-view' },
    at,
    arrivedAt,
    async () => {
      // Right until a raid night starts or ends (its `tonight`), or a write changes it.
      const { view, changesAt } = await publicView(deps, guild)
      return encodeBody(JSON.stringify(view), at, validUntil(at, changesAt))
    },
  )
  return body!
}

/**
 * Who is here during the night running (null: none runs), as the public queues count it: from the cached
 * public view's `tonight`, the same answer and the same cache the queues' "#3 tonight" and "away" come from.
 */
export async function publicHereTonight(
  deps: Deps,
  guild: PublicGuildRow,
  at: number,
  arrivedAt?: number,
): Promise<NightNow> {
  const body = await cachedPublicView(deps, guild, at, arrivedAt)
  let night = nightOfView.get(body)
  if (night === undefined) {
    const { tonight, checkAgainAt } = JSON.parse(body.raw.toString()) as PublicView
    const away = tonight ? new Set(tonight.awayPlayerIds) : null
    night = { here: away ? (playerId) => !away.has(playerId) : null, checkAgainAt }
    nightOfView.set(body, night)
  }
  return night
}

/** Read once per cached view, not once per player page: the view's JSON holds every public queue. */
const nightOfView = new WeakMap<CachedBody, NightNow>()

export async function cachedPublicQueue(
  deps: Deps,
  guild: PublicGuildRow,
  itemId: string,
  at: number,
  arrivedAt?: number,
): Promise<CachedBody> {
  // Before the cache: an id that names no item is never a key of it.
  if (!z.uuid().safeParse(itemId).success) throw new AppError('NOT_FOUND')
  const { body } = await deps.readCache.through(
    guild.id,
    { kind: 'public-queue', itemId },
    at,
    arrivedAt,
    async () => {
      const queue = await publicQueue(deps, guild, itemId)
      return encodeBody(
        JSON.stringify(queue),
        at,
        validUntil(
          at,
          queue.entries.map((e) => e.penaltyUntil),
        ),
      )
    },
  )
  return body!
}
