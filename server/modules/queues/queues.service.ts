import type { Deps } from '../../app-env'
import type { Tx } from '../../db/client'
import { AppError } from '../../lib/app-error'
import { applyManualOrder } from './queue-order'
import { deleteUndo } from './queue-undo.queries'
import { buildQueueView } from './queue-view'
import { type QueueActor, runQueueWrite } from './queue-write'
import {
  activePlayersMissingFrom,
  deleteEntries,
  deleteEntriesOfPlayer,
  findEntryItemId,
  findItem,
  findPlayerForQueue,
  insertEntries,
  itemIdsWithPlayer,
  lockItems,
  renumberItems,
} from './queues.queries'

/** For other modules whose transactions lock queues (deadlock victims are retried). */
export { withRetry } from './queue-write'

// Whole-queue actions. Audit descriptions are language-neutral (names, numbers).

export async function getQueue(deps: Deps, guildId: string, itemId: string) {
  const db = deps.database.db
  if (!(await findItem(db, guildId, itemId))) throw new AppError('NOT_FOUND')
  return buildQueueView(db, guildId, itemId, deps.now())
}

const nextPosition = (entries: { queuePosition: number }[]) =>
  entries.reduce((highest, e) => Math.max(highest, e.queuePosition), 0) + 1

export async function addPlayer(deps: Deps, actor: QueueActor, itemId: string, playerId: string) {
  const { view } = await runQueueWrite(deps, actor, itemId, async ({ tx, item, entries, now }) => {
    // Checked before the player's lock, so a deletion of that player cannot deadlock with us.
    const existing = entries.find((e) => e.playerId === playerId)
    if (existing) throw new AppError(existing.playerActive ? 'ALREADY_IN_QUEUE' : 'PLAYER_INACTIVE')
    const player = await findPlayerForQueue(tx, actor.guildId, playerId)
    if (!player) throw new AppError('NOT_FOUND')
    if (!player.isActive) throw new AppError('PLAYER_INACTIVE')
    const [row] = await insertEntries(
      tx,
      actor.guildId,
      itemId,
      [{ playerId, queuePosition: nextPosition(entries) }],
      now,
    )
    return {
      change: {
        actionType: 'QUEUE_ADD',
        record: { table: 'player_queues', id: row!.id },
        description: `${item.name} + ${player.name}`,
        order: [...entries.map((e) => e.id), row!.id],
      },
      result: null,
    }
  })
  return view
}

/** Every active player not yet in the queue, by name, at the end. Nothing missing: nothing written. */
export async function addAllPlayers(deps: Deps, actor: QueueActor, itemId: string) {
  const { result, view } = await runQueueWrite(deps, actor, itemId, async ({ tx, item, entries, now }) => {
    const missing = await activePlayersMissingFrom(tx, actor.guildId, itemId)
    if (missing.length === 0) return { change: null, result: 0 }
    const first = nextPosition(entries)
    const rows = await insertEntries(
      tx,
      actor.guildId,
      itemId,
      missing.map((p, i) => ({ playerId: p.id, queuePosition: first + i })),
      now,
    )
    return {
      change: {
        actionType: 'QUEUE_ADD_ALL',
        record: { table: 'items', id: itemId },
        description: `${item.name} + ${rows.length}`,
        order: [...entries.map((e) => e.id), ...rows.map((r) => r.id)],
      },
      result: rows.length,
    }
  })
  return { added: result, queue: view }
}

/** The full order of the shown entries; hidden entries keep their slots. The same order: nothing written. */
export async function reorder(
  deps: Deps,
  actor: QueueActor,
  itemId: string,
  entryIds: string[],
  note: string | null = null,
) {
  const { view } = await runQueueWrite(deps, actor, itemId, async ({ item, entries }) => {
    const ordered = applyManualOrder(entries, (e) => e.playerActive, entryIds)
    if (!ordered) throw new AppError('ORDER_MISMATCH')
    const unchanged = ordered.every((e, i) => entries[i]!.id === e.id && entries[i]!.queuePosition === i + 1)
    if (unchanged) return { change: null, result: null }
    return {
      change: {
        actionType: 'QUEUE_REORDER',
        record: { table: 'items', id: itemId },
        description: `${item.name} (${entryIds.length})`,
        order: ordered.map((e) => e.id),
        final: ordered,
        note,
      },
      result: null,
    }
  })
  return view
}

export async function removeEntry(
  deps: Deps,
  actor: QueueActor,
  entryId: string,
  note: string | null = null,
) {
  const itemId = await findEntryItemId(deps.database.db, actor.guildId, entryId)
  if (!itemId) throw new AppError('NOT_FOUND')
  const { view } = await runQueueWrite(deps, actor, itemId, async ({ tx, item, entries }) => {
    const entry = entries.find((e) => e.id === entryId)
    if (!entry) throw new AppError('NOT_FOUND')
    if (!entry.playerActive) throw new AppError('PLAYER_INACTIVE')
    await deleteEntries(tx, actor.guildId, [entry.id])
    const remaining = entries.filter((e) => e.id !== entry.id)
    return {
      change: {
        actionType: 'QUEUE_REMOVE',
        record: { table: 'player_queues', id: entry.id },
        description: `${item.name} − ${entry.playerName}`,
        order: remaining.map((e) => e.id),
        final: remaining,
        note,
      },
      result: null,
    }
  })
  return view
}

/**
 * For the players module, inside its transaction that deletes a player: removes the player's entries and
 * closes the gaps in every queue they were in; those items' undo snapshots name the player, so they go.
 *
 * Lock order: the player's items first (in id order), then the player row through `lockPlayer` (FOR
 * UPDATE, so no new entry can reference it), as queue actions do (item, then the player's key). Items
 * that gained the player in between are locked last; that rare late lock is the only cycle left, and
 * the caller retries a deadlock victim. Answers what `lockPlayer` found (undefined: player gone).
 */
export async function detachPlayerFromQueues<P>(
  tx: Tx,
  guildId: string,
  playerId: string,
  lockPlayer: () => Promise<P | undefined>,
): Promise<P | undefined> {
  const early = await itemIdsWithPlayer(tx, guildId, playerId)
  await lockItems(tx, guildId, early)
  const player = await lockPlayer()
  if (!player) return undefined
  const late = (await itemIdsWithPlayer(tx, guildId, playerId)).filter((id) => !early.includes(id))
  await lockItems(tx, guildId, late)
  const touched = await deleteEntriesOfPlayer(tx, guildId, playerId)
  await renumberItems(tx, guildId, touched)
  await deleteUndo(tx, guildId, touched)
  return player
}
