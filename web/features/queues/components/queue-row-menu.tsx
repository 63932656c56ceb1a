import { Ban, Eraser, Gavel, MoreHorizontal, ShieldCheck, Undo2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@web/components/ui/button'
import { RowMenu, RowMenuItem } from '@web/components/row-menu'

export type QueueRowMenuProps = {
  name: string
  busy: boolean
  isPenalized: boolean
  /** A penalty that has ended still has its reason: it can be cleared, or a new penalty given. */
  penaltyLapsed: boolean
  notInterested: boolean
  onPenalize: () => void
  onRemovePenalty: () => void
  onToggleNotInterested: () => void
  onRemove: () => void
}

export function QueueRowMenu(props: QueueRowMenuProps) {
  const { t } = useTranslation('items')
  const { name, busy, isPenalized, penaltyLapsed, notInterested } = props
  return (
    <RowMenu
      trigger={
        <Button
          variant="ghost"
          size="sm"
          className="pointer-coarse:h-11"
          disabled={busy}
          aria-label={t('actions.moreNamed', { name })}
        >
          <MoreHorizontal aria-hidden />
          {t('actions.more')}
        </Button>
      }
      dangerLabel={t('actions.remove')}
      onDanger={props.onRemove}
    >
      {isPenalized ? (
        <RowMenuItem onSelect={props.onRemovePenalty}>
          <ShieldCheck aria-hidden />
          {t('actions.removePenalty')}
        </RowMenuItem>
      ) : (
        <RowMenuItem onSelect={props.onPenalize}>
          <Gavel aria-hidden />
          {t('actions.penalize')}
        </RowMenuItem>
      )}
      {penaltyLapsed && (
        <RowMenuItem onSelect={props.onRemovePenalty}>
          <Eraser aria-hidden />
          {t('actions.clearPenalty')}
        </RowMenuItem>
      )}
      <RowMenuItem onSelect={props.onToggleNotInterested}>
        {notInterested ? <Undo2 aria-hidden /> : <Ban aria-hidden />}
        {notInterested ? t('actions.interested') : t('actions.notInterested')}
      </RowMenuItem>
    </RowMenu>
  )
}
