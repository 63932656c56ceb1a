import type { QueueChange, QueueEntry, QueueView } from './queues'

/**
 * The queue a write's answer leads to, from the queue it was made on: the answer's own queue when it has
 * one; otherwise `view` with the removed entries taken out and the placed ones put in, numbered 1..n again.
 * Null when `view` is not the version the change follows (another write came in between, or nothing is
 * known yet) or does not hold an entry the change places after: the caller reads the queue again.
 */
export function applyQueueChange(view: QueueView | undefined, change: QueueChange): QueueView | null {
  if (change.queue) return change.queue
  if (!view || view.itemId !== change.itemId || view.version !== change.version - 1) return null
  const removed = new Set(change.removed)
  let entries: Omit<QueueEntry, 'position'>[] = view.entries.filter((e) => !removed.has(e.id))
  for (const { entry, after } of change.placed) {
    entries = entries.filter((e) => e.id !== entry.id)
    const index = after === null ? 0 : entries.findIndex((e) => e.id === after) + 1
    if (index === 0 && after !== null) return null
    entries.splice(index, 0, entry)
  }
  return {
    itemId: change.itemId,
    version: change.version,
    entries: entries.map((entry, index) => ({ ...entry, position: index + 1 })),
    undo: change.undo,
    rankFirst: view.rankFirst,
  }
}
