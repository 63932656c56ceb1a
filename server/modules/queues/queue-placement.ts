import { keyBetween, spacedKeys } from './queue-keys'
import {
  applyOrderingRule,
  isSortedAt,
  type OrderSpan,
  queueGroup,
  spanAfterMove,
  spanOf,
} from './queue-order'
import { groupEnd } from './queue-placement.queries'
import { type QueueChangeRecord, type QueueWriteContext, snapshotOf } from './queue-write'
import { type EntryFields, type EntryRow, updateEntry, writeKeys } from './queues.queries'

// Where a rule action puts the entry it acted on (docs/decisions/001-queue-ordering.md).

export type Placement = Pick<QueueChangeRecord, 'undo' | 'span' | 'answer' | 'entryUpdate'>

export const spanOfItem = (ctx: QueueWriteContext): OrderSpan => ({
  sortedFrom: ctx.item.sortedFrom,
  sortedUntil: ctx.item.sortedUntil,
})

/**
 * Writes the entry's new fields and moves it to the end of its group. While the stored order is known to
 * be sorted by group at `now`, the rule moves that entry alone: it gets a key between the last entry of
 * its group and the first of the next, found through indexes. Otherwise (a penalty lapsed, a drag or an
 * add left the order unsorted), or when no key is free there, the whole queue is sorted by the rule and
 * every key spaced again, as every action did before.
 */
export async function moveToEndOfGroup(
  ctx: QueueWriteContext,
  entry: EntryRow,
  fields: EntryFields,
): Promise<Placement> {
  const { tx, item, now, actor } = ctx
  const moved = { ...entry, ...fields }
  const span = spanOfItem(ctx)
  if (isSortedAt(span, now)) {
    const group = queueGroup(moved, now)
    const { before, after, shownBefore } = await groupEnd(tx, actor.guildId, item.id, entry.id, group, now)
    const key = entry.queuePosition
    const inPlace = (before === null || before.key < key) && (after === null || key < after)
    const next = inPlace
      ? key
      : keyBetween(before?.key ?? null, after, before !== null && queueGroup(before, now) === group)
    if (next !== null) {
      return {
        // Written by the statement that ends the write (queue-write.queries.ts): nothing reads it before.
        entryUpdate: { id: entry.id, fields: { ...fields, queuePosition: next } },
        undo: { before: [snapshotOf(entry)], created: [], full: false },
        span: spanAfterMove(span, moved, now),
        answer: { placed: [{ entry: { ...moved, queuePosition: next }, after: shownBefore }], removed: [] },
      }
    }
  }
  const entries = await ctx.readQueue()
  const final = applyOrderingRule(
    entries.map((e) => (e.id === entry.id ? moved : e)),
    entry.id,
    now,
  )
  await updateEntry(tx, actor.guildId, entry.id, fields, now)
  await writeOrder(ctx, final)
  return {
    undo: { before: entries.map(snapshotOf), created: [], full: true },
    span: spanOf(final, now),
    answer: 'queue',
  }
}

/** Keys for a whole new order, KEY_SPACING apart (answered); only the rows whose key changes are written. */
export async function writeOrder(ctx: QueueWriteContext, order: EntryRow[]): Promise<number[]> {
  const keys = spacedKeys(order.length)
  const changes = order
    .map((e, i) => ({ id: e.id, key: keys[i]!, stored: e.queuePosition }))
    .filter((c) => c.key !== c.stored)
  await writeKeys(ctx.tx, ctx.actor.guildId, changes)
  return keys
}
