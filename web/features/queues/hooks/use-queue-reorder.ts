import { arrayMove } from '@dnd-kit/sortable'
import { hashKey, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { QueueChange, QueueView } from '@contract/queues'
import { handleError } from '@web/lib/error-handler'
import { showQueueChange } from '../api/apply-queue-change'
import { queueQueryOptions } from '../api/get-queue'
import type { TypedNote } from '../api/queue-note-body'
import { reorderQueue } from '../api/reorder-queue'
import { REORDER_DEBOUNCE_MS } from '@contract/queue-limits'

/**
 * A dragged order waiting to be written, and the version of the queue it was dragged on: the server refuses
 * it (QUEUE_CHANGED) when another write came since, whose moves the order would otherwise undo.
 */
type PendingOrder = { itemId: string; entryIds: string[]; version: number }
/** The row being dragged right now: the version of its queue when it was picked up. */
type Lifted = { itemId: string; version: number }
type Options = {
  /** The written order's note (the quick note of the queue, if one is waiting). */
  note?: () => TypedNote | null
  onWritten: (change: QueueChange, note: TypedNote | null) => void
}

/**
 * Drag and drop: the queue moves in the cache at once, and the full order is written after
 * REORDER_DEBOUNCE_MS of quiet (docs/product-rules.md, "Queue ordering"). Writes go one at a time, in the
 * order they were made (docs/decisions/008-queue-actions-in-the-browser.md).
 * A drag is of the queue it was picked up on (`lift`): another officer's action while the row is held
 * re-renders the list, and the drop, read then, would carry the new version and be written on a queue the
 * member never chose it on (an outside tester's row landed at #2, not at the top, with a success toast).
 */
export function useQueueReorder(options: Options) {
  const queryClient = useQueryClient()
  const { t } = useTranslation('items')
  const pending = useRef<PendingOrder | null>(null)
  /** The order being written right now, until the server answers. */
  const writing = useRef<PendingOrder | null>(null)
  const lifted = useRef<Lifted | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const inflight = useRef<Promise<void>>(Promise.resolve())
  const latest = useRef({ options, t })
  latest.current = { options, t }

  const write = useCallback(
    async (order: PendingOrder) => {
      const { itemId, entryIds, version } = order
      writing.current = order
      const note = latest.current.options.note?.() ?? null
      try {
        const change = await reorderQueue(itemId, entryIds, note, version)
        writing.current = null
        const newer = pending.current?.itemId === itemId ? pending.current : null
        if (!newer) showQueueChange(queryClient, change)
        else if (newer.version === change.version - 1) {
          // A newer drag on this item is still waiting: the screen already shows it, keep it. It was made on
          // top of this write, so it follows this write's version, as the screen does.
          newer.version = change.version
          queryClient.setQueryData(queueQueryOptions(itemId).queryKey, (shown) =>
            shown?.version === change.version - 1 ? { ...shown, version: change.version } : shown,
          )
        }
        // A row picked up on the order this write states (while it waited or was sent) was lifted on top of it
        // as well: the queue it was picked up on is now this version, not another officer's.
        if (lifted.current?.itemId === itemId && lifted.current.version === change.version - 1)
          lifted.current.version = change.version
        latest.current.options.onWritten(change, note)
      } catch (error) {
        writing.current = null
        // The order the next drag was built on is stale too; the queue comes back from the server.
        if (pending.current?.itemId === itemId) {
          clearTimeout(timer.current)
          pending.current = null
        }
        handleError(error, latest.current.t('toast.reorderError'))
        // Even when that queue is no longer on screen: its cached order is the rejected one.
        await queryClient.invalidateQueries({
          queryKey: queueQueryOptions(itemId).queryKey,
          refetchType: 'all',
        })
      }
    },
    [queryClient],
  )

  /** Writes a waiting order now; resolves when every write so far has finished. */
  const flush = useCallback((): Promise<void> => {
    clearTimeout(timer.current)
    const next = pending.current
    if (next) {
      pending.current = null
      inflight.current = inflight.current.then(() => write(next))
    }
    return inflight.current
  }, [write])

  /** A row of the item's queue was picked up (by mouse, finger or keyboard): its drop is of the queue shown now. */
  const lift = useCallback(
    (itemId: string) => {
      const view = queryClient.getQueryData(queueQueryOptions(itemId).queryKey)
      lifted.current = view ? { itemId, version: view.version } : null
    },
    [queryClient],
  )

  /** The row was put back where it was, or its drag cancelled: no move follows. */
  const release = useCallback(() => {
    lifted.current = null
  }, [])

  const move = useCallback(
    (itemId: string, activeId: string, overId: string) => {
      const held = lifted.current?.itemId === itemId ? lifted.current : null
      lifted.current = null
      const view = queryClient.getQueryData(queueQueryOptions(itemId).queryKey)
      if (!view) return
      const from = view.entries.findIndex((entry) => entry.id === activeId)
      const to = view.entries.findIndex((entry) => entry.id === overId)
      if (from < 0 || to < 0 || from === to) return
      if (pending.current && pending.current.itemId !== itemId) void flush()
      const entries = arrayMove(view.entries, from, to).map((entry, index) => ({
        ...entry,
        position: index + 1,
      }))
      // Recorded first: the cache listener below holds the screen to the newest pending order.
      // A drag onto a drag still waiting was made on the same queue: it keeps that one's version. Otherwise the
      // queue's version when the row was picked up (the one shown now only for a move without a pick-up).
      const version =
        pending.current?.itemId === itemId ? pending.current.version : (held?.version ?? view.version)
      pending.current = { itemId, entryIds: entries.map((entry) => entry.id), version }
      const { queryKey } = queueQueryOptions(itemId)
      void queryClient.cancelQueries({ queryKey })
      queryClient.setQueryData(queryKey, { ...view, entries })
      clearTimeout(timer.current)
      timer.current = setTimeout(() => void flush(), REORDER_DEBOUNCE_MS)
    },
    [queryClient, flush],
  )

  // A refetch (a realtime event, a window refocus) may answer with the order from before the drag while
  // that drag is still waiting or being written: keep showing the drag, the write will settle it.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        const order = pending.current ?? writing.current
        if (!order || event.type !== 'updated' || event.action.type !== 'success') return
        if (event.query.queryHash !== hashKey(queueQueryOptions(order.itemId).queryKey)) return
        const reordered = inOrder(event.query.state.data as QueueView | undefined, order.entryIds)
        if (reordered) queryClient.setQueryData(event.query.queryKey, reordered)
      }),
    [queryClient],
  )

  // Leaving the screen must not lose a drag that is still waiting for its quiet period.
  useEffect(() => () => void flush(), [flush])

  return { lift, release, move, flush }
}

/** The view in the given order, or null when it already is, or holds other entries (the write will fail). */
function inOrder(view: QueueView | undefined, entryIds: string[]): QueueView | null {
  if (!view || view.entries.length !== entryIds.length) return null
  if (view.entries.every((entry, index) => entry.id === entryIds[index])) return null
  const byId = new Map(view.entries.map((entry) => [entry.id, entry]))
  const entries = entryIds.map((id) => byId.get(id))
  if (entries.some((entry) => entry === undefined)) return null
  return { ...view, entries: entries.map((entry, index) => ({ ...entry!, position: index + 1 })) }
}
