import { useCallback, useLayoutEffect, useRef } from 'react'

/**
 * How long after the row at a place changed a pointer's click there is still taken as aimed at the row that
 * stood there before: longer than a quick second tap (an outside test, 2026-12-07: 350 ms), shorter than it
 * takes to read a new name.
 */
export const ROWS_SETTLE_MS = 700

/** An order of rows the list no longer shows, and when it stopped showing it. */
type Replaced = { ids: readonly string[]; at: number }

/**
 * Whether a click on a row's action was meant for the row it landed on (docs/decisions/008-queue-actions-in-the-browser.md,
 * "Rows that just moved"). An award moves its row and the rows below move up: a second tap on the same spot a
 * moment later lands on the next player's "Received", and the queue's version on screen is already the new one,
 * so the server cannot tell it from an award meant for that player. The rule: a pointer's click on the row of
 * `entryId` is refused while, within the last ROWS_SETTLE_MS, another row stood at its place. A click from the
 * keyboard (Enter or Space: `detail` 0) always goes: the keyboard acts on the row focused on purpose
 * (web/hooks/use-row-refocus.ts moves focus to the row, not onto a button, after a move). While an action is
 * still under way the buttons are disabled and useQueueActions drops anything else (useSingleFlight), so
 * this only has to cover the moment after the rows were drawn again.
 *
 * `ids`: the rows in the order shown. The queue's first rows (from none) are no move: nothing was under the pointer.
 */
export function useSettledRows(ids: readonly string[]) {
  const shown = useRef(ids)
  const replaced = useRef<Replaced[]>([])

  // A layout effect: the change is on record before the browser hands over the next click.
  useLayoutEffect(() => {
    const before = shown.current
    shown.current = ids
    if (before.length === 0 || sameOrder(before, ids)) return
    const now = performance.now()
    replaced.current = [
      ...replaced.current.filter((r) => now - r.at < ROWS_SETTLE_MS),
      { ids: before, at: now },
    ]
  }, [ids])

  return useCallback((entryId: string, click: { detail: number }) => {
    if (click.detail === 0) return true
    const place = shown.current.indexOf(entryId)
    const now = performance.now()
    return replaced.current.every((r) => now - r.at >= ROWS_SETTLE_MS || r.ids[place] === entryId)
  }, [])
}

function sameOrder(a: readonly string[], b: readonly string[]) {
  return a.length === b.length && a.every((id, index) => id === b[index])
}
