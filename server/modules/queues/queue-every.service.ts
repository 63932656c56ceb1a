import type { Deps } from '../../deps'
import { AppError } from '../../lib/app-error'
import { lockItems } from './queue-item.queries'
import { type QueueActor, queueWriteIn, withRetry } from './queue-write'
import { findPlayerForQueue, itemIdsWithoutPlayer } from './queues.queries'
import { addPlayerWrite } from './queues.service'

// "Add to every queue" on a player's page (docs/product-rules.md, "Players"): the player joins, at the end,
// every queue of the guild they are not in, in one transaction. Each queue joined is the same write as a
// single add (queues.service.ts addPlayerWrite through queue-write.ts): its own activity row QUEUE_ADD, its
// own undo (undoing it on an item takes the player out of that queue only), its version and realtime event,
// its announcement. So the cost is that of the single add per queue joined (a constant number of statements:
// lock, entry check, player's key share, last key, insert, the entry placed, running night,
// lq_finish_queue_write; 276 for 30 queues, measured, against 11 for one single add's whole request), plus 4
// for the whole call; never a read of a whole queue (unless its keys ran out, as for a single add).

/**
 * Answers the items whose queue the player joined (none: nothing written). Another guild's or an unknown
 * player: 404; an inactive or expelled one: 409 PLAYER_INACTIVE, as the single add refuses them.
 */
export async function addToEveryQueue(deps: Deps, actor: QueueActor, playerId: string) {
  const { guildId } = actor
  const outcome = await withRetry(() =>
    deps.database.db.transaction(async (tx) => {
      // Items first, in id order, then the player's key: the order every queue write and a player's deletion
      // lock in (queues.service.ts detachPlayerFromQueues), so none of them can deadlock with this one.
      const locked = await lockItems(tx, guildId, await itemIdsWithoutPlayer(tx, guildId, playerId))
      const player = await findPlayerForQueue(tx, guildId, playerId)
      if (!player) throw new AppError('NOT_FOUND')
      if (!player.isActive) throw new AppError('PLAYER_INACTIVE')
      // A single add that committed before our lock on one of these items already put the player there.
      const missing = locked.length > 0 ? await itemIdsWithoutPlayer(tx, guildId, playerId, locked) : []
      let announced = false
      for (const itemId of missing) {
        const write = await queueWriteIn(tx, deps, actor, { itemId }, addPlayerWrite(playerId))
        announced ||= write.announced
      }
      return { itemIds: missing, announced }
    }),
  )
  if (outcome.announced) deps.announcer.wake()
  return { added: outcome.itemIds.length, itemIds: outcome.itemIds }
}
