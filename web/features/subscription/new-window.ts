// Checkout and the billing portal open in a new window (docs/product-rules.md, "Screens"). Browsers only
// allow a popup during the click itself, and the address comes from the server a moment later: so the
// window opens blank at once and is pointed at the address when it arrives. A blocked popup (window.open
// answers null) falls back to opening the address in this tab.

import { leavePage } from '@web/lib/leave-page'

export type PendingWindow = {
  /** Sends the waiting window (or, when none could open, this tab) to `url`. */
  go: (url: string) => void
  /** The request failed: close the blank window. */
  abandon: () => void
}

export function openPendingWindow(): PendingWindow {
  const opened = window.open('', '_blank')
  // The new page must not be able to reach back into this one (what rel=noopener does for a link).
  if (opened) opened.opener = null
  return {
    go: (url) => {
      if (opened && !opened.closed) opened.location.href = url
      else leavePage(url)
    },
    abandon: () => opened?.close(),
  }
}
