import { type ReactNode, useCallback, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { ACTION_TOAST_DURATION } from '@web/components/app-toaster'

/** How many earlier actions the item's toast names; more are counted. */
const EARLIER_NAMED = 3

type Shown = {
  /** What else the toast says (an award during a raid night: whom it passed over). */
  description?: string
  /** Its undo button, when the server says the queue has this action to undo. */
  undo?: { label: string; onClick: () => void }
}

/**
 * The success toast of an item's queue. There is one per item: a newer action replaces the older one, so its
 * undo button always undoes the last (docs/decisions/008-queue-actions-in-the-browser.md). While that toast is
 * still on screen, the newer one names the actions it replaced ("Before: …"), newest first: two awards in a
 * row (an outside test, 2026-12-07) showed only the second, and the first was handed out unseen.
 */
export function useQueueToast() {
  const { t } = useTranslation('items')
  // What the item's toast on screen has said, newest first; emptied once it is gone.
  const said = useRef<string[]>([])

  return useCallback(
    (itemId: string, message: string, { description, undo }: Shown = {}) => {
      const earlierText = (earlier: string[]) => {
        const list = earlier.slice(0, EARLIER_NAMED).join('; ')
        return t('toast.earlierMore', { list, count: Math.max(0, earlier.length - EARLIER_NAMED) })
      }
      const earlier = said.current
      said.current = [message, ...earlier]
      const gone = () => {
        said.current = []
      }
      toast.success(message, {
        id: `queue-${itemId}`,
        description: lines(description, earlier.length ? earlierText(earlier) : undefined),
        onDismiss: gone,
        onAutoClose: gone,
        // sonner merges an update into the toast it replaces: an absent undo button is taken off explicitly.
        ...(undo ? { duration: ACTION_TOAST_DURATION, action: undo } : { action: undefined }),
      })
    },
    [t],
  )
}

/** One line per text given; a single text stays a string. */
function lines(...texts: (string | undefined)[]): ReactNode {
  const given = texts.filter((text): text is string => Boolean(text))
  if (given.length < 2) return given[0]
  return given.map((text) => (
    <span key={text} className="block">
      {text}
    </span>
  ))
}
