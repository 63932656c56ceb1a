import { sortByName } from '../../../contract/names'
import { analyzeAfterBulkWrite } from '../../db/analyze-after-bulk-write'
import type { Deps } from '../../deps'
import type { Tx } from '../../db/client'
import { AppError } from '../../lib/app-error'
import { appendedKeys } from './queue-keys'
import { applyManualOrder, isSortedAt, queueGroup, spanOf, UNKNOWN_SPAN } from './queue-order'
import { type Placement, spanOfItem, writeOrder } from './queue-placement'
import { appendedEntries } from './queue-placement.queries'
import { bumpQueueVersions, lockItems } from './queue-item.queries'
import { deleteUndo } from './queue-undo.queries'
import { buildQueueView } from './queue-view'
import {
  addressedEntry,
  type QueueActor,
  type QueueWrite,
  type QueueWriteContext,
  runQueueWrite,
  snapshotOf,
} from './queue-write'
import {
  activePlayersMissingFrom,
  countGuildRanks,
  deleteEntries,
  deleteEntriesOfPlayer,
  findEntryOfPlayer,
  findPlayerForQueue,
  insertEntries,
  itemIdsWithPlayer,
  lastEntry,
} from './queues.queries'

/** For other modules whose transactions lock queues (deadlock victims are retried). */
export { withRetry } from './queue-write'

// Whole-queue actions. Audit descriptions are language-neutral (names, numbers).

export async function getQueue(deps: Deps, guildId: string, itemId: string) {
  const view = await buildQueueView(deps.database.db, guildId, itemId, deps.now())
  if (!view) throw new AppError('NOT_FOUND')
  return view
}

/**
 * New pending entries at the end of the queue (docs/product-rules.md, "Queue ordering"), in the order given;
 * nothing is sorted. The queue stays known to be sorted only when everything in it is pending too (group 1)
 * or it was empty.
 */
async function appendEntries(
  ctx: QueueWriteContext,
  playerIds: string[],
): Promise<{ ids: string[]; placement: Placement }> {
  const { tx, item, now, actor } = ctx
  const last = await lastEntry(tx, actor.guildId, item.id)
  let keys = appendedKeys(last?.queuePosition ?? null, playerIds.length)
  let before: ReturnType<typeof snapshotOf>[] = []
  if (!keys) {
    // The keys ran out at the end of the range: space the queue again first (undo then puts all back).
    const entries = await ctx.readQueue()
    const spaced = await writeOrder(ctx, entries)
    before = entries.map(snapshotOf)
    keys = appendedKeys(spaced.at(-1) ?? null, playerIds.length)!
  }
  const rows = await insertEntries(
    tx,
    actor.guildId,
    item.id,
    playerIds.map((playerId, i) => ({ playerId, queuePosition: keys[i]! })),
    now,
  )
  const ids = rows.map((r) => r.id)
  const span = !last
    ? { sortedFrom: now, sortedUntil: null }
    : isSortedAt(spanOfItem(ctx), now) && queueGroup(last, now) === 1
      ? spanOfItem(ctx)
      : UNKNOWN_SPAN
  return {
    ids,
    placement: {
      undo: { before, created: ids, full: before.length > 0 },
      span,
      answer: { placed: await appendedEntries(tx, actor.guildId, item.id, keys[0]!), removed: [] },
    },
  }
}

export async function addPlayer(deps: Deps, actor: QueueActor, itemId: string, playerId: string) {
  const { answer } = await runQueueWrite(deps, actor, { itemId }, addPlayerWrite(playerId))
  return answer
}

/**
 * One player added at the end of the locked item's queue: the write of "add" (above), also run once per queue
 * by addToEveryQueue (queue-every.service.ts). A constant number of statements, whatever the queue's size
 * (unless its keys ran out: appendEntries).
 */
export function addPlayerWrite(playerId: string): QueueWrite<null> {
  return async (ctx) => {
    const { actor, item } = ctx
    // Checked before the player's lock, so a deletion of that player cannot deadlock with us.
    const existing = await findEntryOfPlayer(ctx.tx, actor.guildId, item.id, playerId)
    if (existing) throw new AppError(existing.playerActive ? 'ALREADY_IN_QUEUE' : 'PLAYER_INACTIVE')
    const player = await findPlayerForQueue(ctx.tx, actor.guildId, playerId)
    if (!player) throw new AppError('NOT_FOUND')
    if (!player.isActive) throw new AppError('PLAYER_INACTIVE')
    const { ids, placement } = await appendEntries(ctx, [playerId])
    return {
      change: {
        actionType: 'QUEUE_ADD',
        record: { table: 'player_queues', id: ids[0]! },
        description: `${ctx.item.name} + ${player.name}`,
        ...placement,
      },
      result: null,
    }
  }
}

/**
 * Every active player not yet in the queue, by name, at the end; with `ranks`, only those of these ranks ("none":
 * without one; a rank id that is not the guild's matches nobody). Nothing missing: nothing written.
 */
export async function addAllPlayers(
  deps: Deps,
  actor: QueueActor,
  itemId: string,
  ranks?: readonly string[],
) {
  const { result, answer } = await runQueueWrite(deps, actor, { itemId }, async (ctx) => {
    // Ranks the guild does not have are refused as players' and items' are, not read as "nobody of them".
    const rankIds = [...new Set(ranks?.filter((rank) => rank !== 'none'))]
    if ((await countGuildRanks(ctx.tx, actor.guildId, rankIds)) < rankIds.length)
      throw new AppError('RANK_NOT_FOUND')
    const missing = sortByName(
      await activePlayersMissingFrom(ctx.tx, actor.guildId, itemId, ranks),
      (p) => p.name,
      (p) => p.id,
    )
    if (missing.length === 0) return { change: null, result: 0 }
    const { ids, placement } = await appendEntries(
      ctx,
      missing.map((p) => p.id),
    )
    return {
      change: {
        actionType: 'QUEUE_ADD_ALL',
        record: { table: 'items', id: itemId },
        description: `${ctx.item.name} + ${ids.length}`,
        count: ids.length,
        ...placement,
      },
      result: ids.length,
    }
  })
  // A fresh database's first add-alls: statistics before the next receipts (analyze-after-bulk-write.ts).
  await analyzeAfterBulkWrite(deps.database, deps.logger, { player_queues: result })
  return { added: result, change: answer }
}

/**
 * The full order of the shown entries; hidden entries keep their slots. The same order: nothing written.
 * `queueVersion`: the version of the queue the order was dragged on; refused (QUEUE_CHANGED) when another
 * write came since, whose moves the dragged order would silently undo (docs/decisions/001-queue-ordering.md,
 * "The queue the member saw"). None: unchecked.
 */
export async function reorder(
  deps: Deps,
  actor: QueueActor,
  itemId: string,
  input: { entryIds: string[]; note?: string | null; notePrivate?: boolean; queueVersion?: number | null },
) {
  const { entryIds, note = null, notePrivate = false, queueVersion = null } = input
  const { answer } = await runQueueWrite(deps, actor, { itemId }, async (ctx) => {
    if (queueVersion !== null && ctx.item.queueVersion !== queueVersion) throw new AppError('QUEUE_CHANGED')
    const entries = await ctx.readQueue()
    const ordered = applyManualOrder(entries, (e) => e.playerActive, entryIds)
    if (!ordered) throw new AppError('ORDER_MISMATCH')
    if (ordered.every((e, i) => entries[i]!.id === e.id)) return { change: null, result: null }
    await writeOrder(ctx, ordered)
    return {
      change: {
        actionType: 'QUEUE_REORDER',
        record: { table: 'items', id: itemId },
        description: `${ctx.item.name} (${entryIds.length})`,
        note,
        notePrivate,
        count: entryIds.length,
        undo: { before: entries.map(snapshotOf), created: [], full: true },
        // A drag may put anyone anywhere: the next rule action re-sorts unless this order is sorted.
        span: spanOf(ordered, ctx.now),
        answer: 'queue',
      },
      result: null,
    }
  })
  return answer
}

export async function removeEntry(
  deps: Deps,
  actor: QueueActor,
  entryId: string,
  note: string | null = null,
  notePrivate = false,
) {
  const { answer } = await runQueueWrite(deps, actor, { entryId }, async (ctx) => {
    const entry = addressedEntry(ctx)
    if (!entry.playerActive) throw new AppError('PLAYER_INACTIVE')
    await deleteEntries(ctx.tx, actor.guildId, [entry.id])
    return {
      change: {
        actionType: 'QUEUE_REMOVE',
        record: { table: 'player_queues', id: entry.id },
        description: `${ctx.item.name} − ${entry.playerName}`,
        note,
        notePrivate,
        // Undo re-creates the row with its key: the rest did not move.
        undo: { before: [snapshotOf(entry)], created: [], full: false },
        span: spanOfItem(ctx),
        answer: { placed: [], removed: [entry.id] },
      },
      result: null,
    }
  })
  return answer
}

/**
 * For the players module, inside its transaction that deletes a player: removes the player's entries from
 * every queue they were in (the others keep their keys and order); those items' undo records may name the
 * player, so they go, and a client holding one of those queues reads it again (new version).
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
  await bumpQueueVersions(tx, guildId, touched)
  await deleteUndo(tx, guildId, touched)
  return player
}
