import { Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu'

export { DropdownMenuItem as RowMenuItem } from '@web/components/ui/dropdown-menu'

type Props = {
  /** The button that opens the menu. */
  trigger: ReactNode
  /** RowMenuItems, the harmless actions. */
  children: ReactNode
  /** The destructive action, last and set apart; none where the row has nothing to destroy. */
  dangerLabel?: string
  onDanger?: () => void
}

/** A table row's actions in one menu, the destructive one last after a separator. */
export function RowMenu({ trigger, children, dangerLabel, onDanger }: Props) {
  return (
    // Not modal: its items open dialogs, and a modal menu closing under a dialog can leave the page inert.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {children}
        {onDanger && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem className="text-destructive focus:text-destructive" onSelect={onDanger}>
              <Trash2 aria-hidden />
              {dangerLabel}
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
