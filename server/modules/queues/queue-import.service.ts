import type { Tx } from '../../db/client'
import {
  entryIdsInOrder,
  type ImportedEntryRow,
  insertImportedEntries,
  lastKeys,
  markQueuesAppended,
} from './queue-import.queries'
import { lockItems } from './queue-item.queries'
import { appendedKeys, spacedKeys } from './queue-keys'
import { deleteUndo } from './queue-undo.queries'
import { type EntryState, writeKeys } from './queues.queries'

// Queue entries an import adds (server/modules/imports), inside the import's transaction. The import
// locks the guild's items it touches first, through lockImportedItems, in the order every queue write
// uses (items by id, then players), so it serialises with queue actions and player deletions.

/** createdAt null: the file does not say; the import's time is used. */
export type ImportedEntry = EntryState & { playerId: string; createdAt: Date | null }

/** Locks existing items (FOR UPDATE, id order); answers how many of them still exist. */
export async function lockImportedItems(tx: Tx, guildId: string, itemIds: string[]): Promise<number> {
  return (await lockItems(tx, guildId, itemIds)).length
}

/**
 * Puts each item's new entries after its current ones, in the order given: ordering keys after the last
 * one (docs/decisions/001-queue-ordering.md), so the positions shown stay 1..n. The items' undo records go:
 * undoing the last queue action would otherwise act on a queue it does not know. The items get a new
 * version and no sorted span, as every write to player_queues must leave them.
 */
export async function appendImportedEntries(
  tx: Tx,
  guildId: string,
  queues: { itemId: string; entries: ImportedEntry[] }[],
  at: Date,
) {
  const itemIds = queues.map((q) => q.itemId)
  const last = await lastKeys(tx, guildId, itemIds)
  const rows: ImportedEntryRow[] = []
  for (const { itemId, entries } of queues) {
    const keys = await keysAfter(tx, guildId, itemId, last.get(itemId) ?? null, entries.length)
    for (const [i, entry] of entries.entries()) {
      rows.push({
        itemId,
        ...entry,
        queuePosition: keys[i]!,
        createdAt: entry.createdAt ?? at,
        updatedAt: at,
      })
    }
  }
  await insertImportedEntries(tx, guildId, rows)
  await markQueuesAppended(tx, guildId, itemIds)
  await deleteUndo(tx, guildId, itemIds)
}

/** Keys for `count` entries at the end; when the range runs out, the queue's keys are spaced again first. */
async function keysAfter(tx: Tx, guildId: string, itemId: string, last: number | null, count: number) {
  const keys = appendedKeys(last, count)
  if (keys) return keys
  const ids = await entryIdsInOrder(tx, guildId, itemId)
  const spaced = spacedKeys(ids.length)
  await writeKeys(
    tx,
    guildId,
    ids.map((id, i) => ({ id, key: spaced[i]! })),
  )
  return appendedKeys(spaced.at(-1) ?? null, count)!
}
