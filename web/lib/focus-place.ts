// Where keyboard focus goes when a confirmed change takes away the element it was on (a deleted row, a button
// replaced by another): without a place, the browser drops it to <body>, unseen, and Tab starts again at the
// page's top (an outside test, 2026-12-07: Jogadores › Excluir, and a night's Concluir).

/** Focuses `element`, first making a row or a heading focusable by script (tabindex -1) when it is not. */
export function focusOn(element: HTMLElement, options?: FocusOptions) {
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.tabIndex = -1
  element.focus(options)
}

/** The page's own heading (its first-level one in the main region): the last place focus can go. */
export function pageHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1')
}

/** The row `element` is in (a table's row, a list's item), as its list and its index there. */
export type RowPlace = { list: HTMLElement; index: number }

/**
 * An item of a row's menu (web/components/row-menu.tsx) is in the menu's layer, outside the row: its row is the
 * menu button's, the element the menu is labelled by (Radix's menu content names its trigger in
 * aria-labelledby). Without it, a night deleted from its row's menu sent focus to the page's heading (an
 * outside test, 2026-12-07).
 */
export function rowPlaceOf(element: Element | null): RowPlace | null {
  const row = (menuTriggerOf(element) ?? element)?.closest('tr, li')
  const list = row?.parentElement
  if (!row || !list) return null
  return { list, index: [...list.children].indexOf(row) }
}

/** The button that opened the menu `element` is in; null outside a menu. */
export function menuTriggerOf(element: Element | null): Element | null {
  const labelledBy = element?.closest('[role="menu"]')?.getAttribute('aria-labelledby')
  return labelledBy ? document.getElementById(labelledBy) : null
}

/**
 * The row now at `index` of `list` (its last row when the list got shorter): where focus goes once the row that
 * stood there moved away (web/hooks/use-row-refocus.ts), or was removed (afterRowRemoved). Also for an action
 * confirmed in a dialog, which gives focus back itself (queue-panel.tsx).
 */
export function rowInPlace(list: HTMLElement | null, index: number): HTMLElement | null {
  const rows = list?.children
  if (!rows?.length || index < 0) return null
  const row = rows[Math.min(index, rows.length - 1)]
  return row instanceof HTMLElement ? row : null
}

/**
 * Where focus goes once the row at `place` is gone: the row now in its place (the previous one when it was the
 * last), else the table or list once it has no rows, else the page's heading (the list itself replaced by an
 * empty state).
 */
export function afterRowRemoved(place: RowPlace | null): HTMLElement | null {
  if (place?.list.isConnected) {
    const row = rowInPlace(place.list, place.index)
    if (row) return row
    const whole = place.list.closest<HTMLElement>('table, ul, ol')
    if (whole) return whole
  }
  return pageHeading()
}

/** How long after a confirmed change its removal of the focused element is still its doing (a list's refetch). */
const WATCH_MS = 10_000

/**
 * After a confirmed change: when the element holding focus is taken out of the page and focus falls to
 * <body>, focus goes to `place()` (the page's heading when it gives nothing). Focus moved elsewhere by the
 * person is left alone. Returns the stop.
 */
export function keepFocusThroughRemoval(place: () => HTMLElement | null | undefined): () => void {
  let focused = document.activeElement
  const onFocus = (event: FocusEvent) => {
    focused = event.target as Element
  }
  const observer = new MutationObserver(() => {
    const active = document.activeElement
    const lost = active === null || active === document.body
    if (!lost || !focused || focused.isConnected) return
    const target = place() ?? pageHeading()
    if (!target) return
    stop()
    focusOn(target)
  })
  const timer = setTimeout(() => stop(), WATCH_MS)
  function stop() {
    clearTimeout(timer)
    observer.disconnect()
    document.removeEventListener('focusin', onFocus, true)
  }
  document.addEventListener('focusin', onFocus, true)
  observer.observe(document.body, { childList: true, subtree: true })
  return stop
}

/**
 * Focuses `element` now, or, while it is disabled (a button whose change is under way, as "Add all" is while
 * the queue adds the players its dialog chose), as soon as it is enabled again, if focus is still lost then
 * (on <body>): focus() does nothing on a disabled element. False when `element` could not take focus and will
 * not: the caller's fallback is then its own.
 */
export function focusWhenEnabled(element: HTMLElement): boolean {
  if (!element.matches(':disabled')) {
    element.focus()
    return document.activeElement === element
  }
  const observer = new MutationObserver(() => {
    if (!element.isConnected) return stop()
    if (element.matches(':disabled')) return
    stop()
    const active = document.activeElement
    if (active === null || active === document.body) element.focus()
  })
  const timer = setTimeout(() => stop(), WATCH_MS)
  function stop() {
    clearTimeout(timer)
    observer.disconnect()
  }
  observer.observe(element, { attributes: true, attributeFilter: ['disabled'] })
  return true
}

/** The page's main region, the skip link's target in every shell; any <main> on a page without one. */
export function pageMain(): HTMLElement | null {
  return document.getElementById('main-content') ?? document.querySelector<HTMLElement>('main')
}

/**
 * Puts focus at the start of a page that has just replaced another (a route change, the public page's password
 * form giving way to the queues): on the page's heading, which a screen reader reads out and from which the
 * next Tab goes on into the page. While the page is still loading (no heading yet), on `main` itself, then on
 * the heading once it is drawn, unless focus has moved on meanwhile. The scroll is left as it is (the router
 * restores it, or brings a new page to its top). Returns the stop.
 */
export function focusPageStart(main: HTMLElement): () => void {
  const heading = () => main.querySelector<HTMLElement>('h1')
  const drawn = heading()
  if (drawn) {
    focusOn(drawn, { preventScroll: true })
    return () => {}
  }
  focusOn(main, { preventScroll: true })
  const observer = new MutationObserver(() => {
    const found = heading()
    if (!found) return
    stop()
    if (document.activeElement === main) focusOn(found, { preventScroll: true })
  })
  const timer = setTimeout(() => stop(), WATCH_MS)
  function stop() {
    clearTimeout(timer)
    observer.disconnect()
  }
  observer.observe(main, { childList: true, subtree: true })
  return stop
}
