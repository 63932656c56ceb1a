import { and, eq, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { auditLogs, items, queueUndo } from '../../db/schema'
import type { OrderSpan } from './queue-order'
import { encodeUndo, type UndoRecord } from './queue-undo-record'

/**
 * The end of every queue write, in one statement: the record that undoes it (replacing the item's older
 * one; none for the undo itself), its one audit row, and the queue's next version and order span. Answers
 * the new version.
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
  },
): Promise<number> {
  const { guildId, itemId, userId, at } = write
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
    .with(...(undo ? [audit, undo] : [audit]))
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
