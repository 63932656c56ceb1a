import { Ban, Gavel, MoreHorizontal, ShieldCheck, Trash2, Undo2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@web/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu'

export type QueueRowMenuProps = {
  name: string
  busy: boolean
  isPenalized: boolean
  notInterested: boolean
  onPenalize: () => void
  onRemovePenalty: () => void
  onToggleNotInterested: () => void
  onRemove: () => void
}

export function QueueRowMenu(props: QueueRowMenuProps) {
  const { t } = useTranslation('items')
  const { name, busy, isPenalized, notInterested } = props
  return (
    // Not modal: its items open dialogs, and a modal menu closing under a dialog can leave the page inert.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" disabled={busy} aria-label={t('actions.moreNamed', { name })}>
          <MoreHorizontal aria-hidden />
          {t('actions.more')}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {isPenalized ? (
          <DropdownMenuItem onSelect={props.onRemovePenalty}>
            <ShieldCheck aria-hidden />
            {t('actions.removePenalty')}
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem onSelect={props.onPenalize}>
            <Gavel aria-hidden />
            {t('actions.penalize')}
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={props.onToggleNotInterested}>
          {notInterested ? <Undo2 aria-hidden /> : <Ban aria-hidden />}
          {notInterested ? t('actions.interested') : t('actions.notInterested')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem className="text-destructive focus:text-destructive" onSelect={props.onRemove}>
          <Trash2 aria-hidden />
          {t('actions.remove')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
