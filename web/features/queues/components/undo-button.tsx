import { Undo2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import type { QueueView } from '@contract/queues'
import { Button } from '@web/components/ui/button'
import { Tooltip, TooltipContent, TooltipTrigger } from '@web/components/ui/tooltip'
import { useUndoText } from '../hooks/use-undo-text'

type Props = { undo: NonNullable<QueueView['undo']>; busy: boolean; onUndo: () => void }

/** Shown while the last queue action can still be undone; hides itself when the window closes. */
export function UndoButton({ undo, busy, onUndo }: Props) {
  const undoText = useUndoText()
  const [expired, setExpired] = useState(false)

  useEffect(() => {
    const left = new Date(undo.expiresAt).getTime() - Date.now()
    setExpired(left <= 0)
    if (left <= 0) return
    const timer = setTimeout(() => setExpired(true), Math.min(left, 2 ** 31 - 1))
    return () => clearTimeout(timer)
  }, [undo.expiresAt])

  if (expired) return null
  // Any officer may undo the last action, whoever took it: the button says which one it is and whose. The
  // sentence is its name; cut short in a narrow header, it is shown whole in the tooltip.
  const named = undoText(undo, 'button')
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="outline" size="sm" disabled={busy} onClick={onUndo} className="max-w-full">
          <Undo2 aria-hidden />
          <span className="min-w-0 truncate">{named}</span>
        </Button>
      </TooltipTrigger>
      <TooltipContent>{named}</TooltipContent>
    </Tooltip>
  )
}
