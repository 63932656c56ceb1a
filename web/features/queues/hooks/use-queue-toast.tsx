import { type MouseEvent, type ReactNode, useCallback, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { ACTION_TOAST_DURATION } from '@web/components/app-toaster'

/** How many earlier awards the item's toast names; more are counted. */
const AWARDS_NAMED = 3

type Shown = {
  /** What else the toast says (an award during a raid night: whom it passed over). */
  description?: string
  /** Its undo button, when the server says the queue has this action to undo. */
  undo?: { label: string; onClick: (event: MouseEvent<HTMLButtonElement>) => void }
  /** The player this action gave the item to. */
  awarded?: string
  /** This toast says an undo went through. */
  undid?: boolean
}

/**
 * The success toast of an item's queue. There is one per item: a newer action replaces the older one, so its
 * undo button always undoes the last (docs/decisions/008-queue-actions-in-the-browser.md). While that toast is
 * still on screen, the newer one names who else got the item meanwhile ("Earlier awards in this queue: …",
 * newest first): two awards in a row (an outside test, 2026-12-07) showed only the second, and the first was
 * handed out unseen. Only awards are named: they are what must not pass unseen, and a taller toast covers
 * more of a phone's screen.
 */
export function useQueueToast() {
  const { t } = useTranslation('items')
  // Who got the item while the toast has been on screen, newest first; emptied once it is gone.
  const awards = useRef<string[]>([])
  // Whether its last action was an award: an undo then takes that award back off the list.
  const lastAwarded = useRef(false)

  return useCallback(
    (itemId: string, message: string, { description, undo, awarded, undid }: Shown = {}) => {
      if (undid && lastAwarded.current) awards.current = awards.current.slice(1)
      const earlier = awards.current
      awards.current = awarded ? [awarded, ...earlier] : earlier
      lastAwarded.current = Boolean(awarded)
      const gone = () => {
        awards.current = []
        lastAwarded.current = false
      }
      const earlierText = earlier.length
        ? t('toast.awardedBefore', {
            names: earlier.slice(0, AWARDS_NAMED).join(', '),
            count: Math.max(0, earlier.length - AWARDS_NAMED),
          })
        : undefined
      toast.success(message, {
        id: `queue-${itemId}`,
        description: lines(description, earlierText),
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
