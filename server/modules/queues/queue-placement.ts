import { spacedKeys } from './queue-keys'
import type { OrderSpan } from './queue-order'
import type { QueueChangeRecord, QueueWriteContext } from './queue-write'
import { type EntryRow, writeKeys } from './queues.queries'

// Where the writes written in TypeScript put entries (add, add all, a drag; docs/decisions/001-queue-ordering.md).
// A rule action's placement is the database's (server/db/functions/lq_queue_entry_action.sql).

export type Placement = Pick<QueueChangeRecord, 'undo' | 'span' | 'answer'>

export const spanOfItem = (ctx: QueueWriteContext): OrderSpan => ({
  sortedFrom: ctx.item.sortedFrom,
  sortedUntil: ctx.item.sortedUntil,
})

/** Keys for a whole new order, KEY_SPACING apart (answered); only the rows whose key changes are written. */
export async function writeOrder(ctx: QueueWriteContext, order: EntryRow[]): Promise<number[]> {
  const keys = spacedKeys(order.length)
  const changes = order
    .map((e, i) => ({ id: e.id, key: keys[i]!, stored: e.queuePosition }))
    .filter((c) => c.key !== c.stored)
  await writeKeys(ctx.tx, ctx.actor.guildId, changes)
  return keys
}
