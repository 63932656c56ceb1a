import { useQueryClient } from '@tanstack/react-query'
import { type RefObject, useLayoutEffect, useReducer, useRef } from 'react'
import type { QueueEntry, QueueView } from '@contract/queues'
import { queueKey } from '@web/lib/query-keys'

/**
 * Undo from the queue's header takes its button away: keyboard focus goes to the row the undo restored, or the
 * list (or the title when the list is gone), not to <body>. Returns the undo to call in the button's place.
 */
export function useUndoFocus(input: {
  itemId: string
  entries: QueueEntry[]
  undo: () => Promise<unknown>
  listRef: RefObject<HTMLElement | null>
  titleRef: RefObject<HTMLElement | null>
}) {
  const { itemId, entries, undo, listRef, titleRef } = input
  const queryClient = useQueryClient()
  const pending = useRef<{ before: QueueEntry[]; done: boolean } | null>(null)
  // Focus moves once the undone queue is drawn: a render after the undo settles, whatever it answered.
  const [, rerender] = useReducer((count: number) => count + 1, 0)

  useLayoutEffect(() => {
    const undone = pending.current
    if (!undone?.done) return
    pending.current = null
    const active = document.activeElement
    // Focus the officer moved elsewhere meanwhile stays where it is.
    if (active !== null && active !== document.body) return
    const restored = restoredEntry(undone.before, queryClient.getQueryData<QueueView>(queueKey(itemId)))
    const row = restored && listRef.current?.querySelector<HTMLElement>(`[data-entry-id="${restored.id}"]`)
    ;(row ?? listRef.current ?? titleRef.current)?.focus()
  })

  return async () => {
    const mine = { before: entries, done: false }
    pending.current = mine
    try {
      await undo()
    } finally {
      mine.done = true
      rerender()
    }
  }
}

/**
 * The row an undo gave back: the first entry whose state (not its place) differs from before, or that was not
 * there (an undone removal). None for an undone drag or addition.
 */
function restoredEntry(before: QueueEntry[], after: QueueView | undefined): QueueEntry | undefined {
  const old = new Map(before.map((entry) => [entry.id, entry]))
  return after?.entries.find((entry) => {
    const was = old.get(entry.id)
    return (
      !was ||
      was.attendanceStatus !== entry.attendanceStatus ||
      was.timesReceived !== entry.timesReceived ||
      was.timesAbsent !== entry.timesAbsent ||
      was.isPenalized !== entry.isPenalized ||
      was.penaltyUntil !== entry.penaltyUntil ||
      was.penaltyNote !== entry.penaltyNote
    )
  })
}
