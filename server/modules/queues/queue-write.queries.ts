import { and, eq, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { auditLogs, items, playerQueues, queueUndo } from '../../db/schema'
import type { OrderSpan } from './queue-order'
import { encodeUndo, type UndoRecord } from './queue-undo-record'
import { type EntryFields, entryUpdate } from './queues.queries'

/**
 * The end of every queue write, in one statement: the acted-on entry's new fields when the write left
 * them to it, the record that undoes it (replacing the item's older one; none for the undo itself), its
 * one audit row, and the queue's next version and order span. Answers the new version. One statement, not
 * four: each round trip is paid by every write, and by the lock it holds meanwhile.
 */
export async function recordWrite(
  tx: Tx,
  write: {
    guildId: string
    itemId: string
    userId: string
    at: Date
    span: OrderSpan
    audit: {
      actionType: string
      tableName: string
      recordId: string
      description: string
      /** Why, as typed with the action. */
      note: string | null
    }
    undo: { actionType: string; record: UndoRecord; historyId: string | null } | null
    entry?: { id: string; fields: EntryFields }
  },
): Promise<number> {
  const { guildId, itemId, userId, at } = write
  const entry =
    write.entry &&
    tx
      .$with('entry')
      .as(entryUpdate(tx, guildId, write.entry.id, write.entry.fields, at).returning({ id: playerQueues.id }))
  const audit = tx.$with('audit').as(
    tx
      .insert(auditLogs)
      .values({ guildId, userId, ...write.audit, createdAt: at })
      .returning({ id: auditLogs.id }),
  )
  const undoValues = write.undo && {
    actionType: write.undo.actionType,
    snapshot: encodeUndo(write.undo.record),
    historyId: write.undo.historyId,
    userId,
    createdAt: at,
  }
  const undo =
    undoValues &&
    tx.$with('undo').as(
      tx
        .insert(queueUndo)
        .values({ guildId, itemId, ...undoValues })
        .onConflictDoUpdate({
          target: queueUndo.itemId,
          set: undoValues,
          // Never let a write of one guild touch the record of another (item ids are unique anyway).
          setWhere: eq(queueUndo.guildId, guildId),
        })
        .returning({ id: queueUndo.id }),
    )
  const [row] = await tx
    .with(...[audit, undo, entry].filter((cte) => cte !== undefined && cte !== null))
    .update(items)
    .set({
      queueVersion: sql`${items.queueVersion} + 1`,
      queueSortedFrom: write.span.sortedFrom,
      queueSortedUntil: write.span.sortedUntil,
    })
    .where(and(eq(items.guildId, guildId), eq(items.id, itemId)))
    .returning({ version: items.queueVersion })
  return row!.version
}
