import { type RefObject, useCallback, useLayoutEffect, useReducer, useRef } from 'react'
import { menuTriggerOf, rowInPlace } from '@web/lib/focus-place'

type Request = { row: Element; index: number; done: boolean }

/**
 * Keyboard focus through an action that moves the row it was started from. A queue's row action moves its row
 * (an award to the end of the pending players): React re-inserts moved elements, and a browser then either
 * drops focus to <body>, unseen, where Tab starts again at the page's top, or keeps it on the moved row's
 * button, far down the list, where a second Enter acts on the same player again.
 *
 * `track(action)` runs an action started from inside a row of `list` (its direct children are the rows). While
 * it runs, and until the list shows what it changed (`showsLatest`), focus that was lost or carried off with
 * the moved row goes to the row now at its place: for an award, the next player. The row itself takes focus,
 * not one of its buttons, so a second Enter cannot act on someone unseen. Focus the officer moved elsewhere
 * is left alone. An action chosen in the row's menu counts as started from the row.
 */
export function useRowRefocus(list: RefObject<HTMLElement | null>, showsLatest: boolean) {
  const request = useRef<Request | null>(null)
  const [, rerender] = useReducer((count: number) => count + 1, 0)

  useLayoutEffect(() => {
    const current = request.current
    const rows = list.current?.children
    if (!current || !rows) return
    const active = document.activeElement
    const lost = active === null || active === document.body
    const place = rowInPlace(list.current, current.index)
    // Focus still in the acted-on row once it has moved away (a browser may keep it there through the move).
    const carriedOff = current.row.contains(active) && place !== current.row
    if (place && (lost || carriedOff)) place.focus()
    if (current.done && showsLatest) request.current = null
  })

  return useCallback(
    async function track<T>(action: () => Promise<T>): Promise<T> {
      const rows = list.current ? [...list.current.children] : []
      // An item of the row's menu is in the menu's layer, outside the row: its row is the menu button's ("Remove
      // penalty" left focus on <body>, the menu's button being disabled while the queue answered).
      const from = menuTriggerOf(document.activeElement) ?? document.activeElement
      const index = rows.findIndex((row) => row.contains(from))
      if (index < 0) return action()
      const mine: Request = { row: rows[index]!, index, done: false }
      request.current = mine
      try {
        return await action()
      } finally {
        mine.done = true
        // A render after the action, so the request ends even when nothing else renders again.
        rerender()
      }
    },
    [list],
  )
}
