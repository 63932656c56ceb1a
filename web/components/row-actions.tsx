import type { LucideIcon } from 'lucide-react'
import { MoreHorizontal } from 'lucide-react'
import { IconButton } from '@web/components/icon-button'
import { RowMenu, RowMenuItem } from '@web/components/row-menu'
import { Button } from '@web/components/ui/button'

export type RowAction = {
  icon: LucideIcon
  /** What a screen reader says, naming the row ("Edit Sword"). */
  label: string
  /** The short word: the button's tooltip, and the menu item's text on a phone ("Edit"). */
  hint: string
  onSelect: () => void
  /** Deletes or removes: drawn in the destructive colour, last in the phone's menu after a separator. */
  destructive?: boolean
  disabled?: boolean
}

type Props = {
  actions: RowAction[]
  /** The phone's menu button, naming the row ("Actions for Sword"). */
  menuLabel: string
}

/**
 * A table row's actions: one icon button each where there is room, one menu on a phone (under `sm`), so a row's
 * name and its actions stay in view at 360 px without a sideways swipe (as the items table does).
 */
export function RowActions({ actions, menuLabel }: Props) {
  const danger = actions.find((action) => action.destructive)
  return (
    <>
      <div className="hidden justify-end sm:flex">
        {actions.map((action) => (
          <IconButton
            key={action.hint}
            icon={action.icon}
            label={action.label}
            hint={action.hint}
            destructive={action.destructive}
            disabled={action.disabled}
            onClick={action.onSelect}
          />
        ))}
      </div>
      <div className="flex justify-end sm:hidden">
        <RowMenu
          trigger={
            <Button variant="ghost" size="icon" aria-label={menuLabel}>
              <MoreHorizontal aria-hidden />
            </Button>
          }
          dangerLabel={danger?.hint}
          onDanger={danger?.disabled ? undefined : danger?.onSelect}
        >
          {actions
            .filter((action) => !action.destructive)
            .map(({ icon: Icon, hint, onSelect, disabled }) => (
              <RowMenuItem key={hint} disabled={disabled} onSelect={onSelect}>
                <Icon aria-hidden />
                {hint}
              </RowMenuItem>
            ))}
        </RowMenu>
      </div>
    </>
  )
}
