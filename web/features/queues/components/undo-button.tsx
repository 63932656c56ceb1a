import { Undo2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { QueueView } from '@contract/queues'
import { Button } from '@web/components/ui/button'

type Props = { undo: NonNullable<QueueView['undo']>; busy: boolean; onUndo: () => void }

/** Shown while the last queue action can still be undone; hides itself when the window closes. */
export function UndoButton({ undo, busy, onUndo }: Props) {
  const { t } = useTranslation('items')
  const [expired, setExpired] = useState(false)

  useEffect(() => {
    const left = new Date(undo.expiresAt).getTime() - Date.now()
    setExpired(left <= 0)
    if (left <= 0) return
    const timer = setTimeout(() => setExpired(true), Math.min(left, 2 ** 31 - 1))
    return () => clearTimeout(timer)
  }, [undo.expiresAt])

  if (expired) return null
  const action = t(`undoAction.${undo.actionType}`, { defaultValue: t('undoAction.fallback') })
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={busy}
      onClick={onUndo}
      aria-label={t('queue.undoNamed', { action })}
      title={t('queue.undoNamed', { action })}
    >
      <Undo2 aria-hidden />
      {t('queue.undo')}
    </Button>
  )
}
