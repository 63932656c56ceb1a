import { DropdownMenu as DropdownMenuPrimitive } from 'radix-ui'
import type * as React from 'react'
import { focusWhenEnabled } from '@web/lib/focus-place'
import { MENU_ACTION, MENU_CONTENT, MENU_RADIO_ITEM } from './floating-classes'
import { withPortal } from './with-portal'
import { withClasses } from './with-classes'

export const DropdownMenu = DropdownMenuPrimitive.Root
export const DropdownMenuTrigger = DropdownMenuPrimitive.Trigger
export const DropdownMenuRadioGroup = DropdownMenuPrimitive.RadioGroup

const MenuContent = withPortal(DropdownMenuPrimitive, MENU_CONTENT)

/**
 * The menu in its layer. Radix gives focus back to the menu's button as it closes; an item whose action disables
 * that button while it runs (a row's "Remove penalty", the row busy until the server answers) left focus on
 * <body> instead: focus() does nothing on a disabled button. It goes back once the button is enabled again.
 */
export function DropdownMenuContent(props: React.ComponentProps<typeof MenuContent>) {
  return (
    <MenuContent
      {...props}
      onCloseAutoFocus={(event: Event) => {
        props.onCloseAutoFocus?.(event)
        if (!event.defaultPrevented) backToDisabledTrigger(event)
      }}
    />
  )
}

/** The menu's button (named by the menu's aria-labelledby), when disabled: focused once it is enabled again. */
function backToDisabledTrigger(event: Event) {
  const menu = event.currentTarget ?? event.target
  const id = menu instanceof Element ? menu.getAttribute('aria-labelledby') : null
  const trigger = id ? document.getElementById(id) : null
  if (!trigger?.matches(':disabled')) return
  event.preventDefault()
  focusWhenEnabled(trigger)
}
export const DropdownMenuItem = withClasses(DropdownMenuPrimitive.Item, MENU_ACTION)
export const DropdownMenuRadioItem = withClasses(DropdownMenuPrimitive.RadioItem, MENU_RADIO_ITEM)
export const DropdownMenuLabel = withClasses(DropdownMenuPrimitive.Label, 'px-2 py-1.5 text-sm font-semibold')
export const DropdownMenuSeparator = withClasses(DropdownMenuPrimitive.Separator, '-mx-1 my-1 h-px bg-muted')
