import { DropdownMenu as DropdownMenuPrimitive } from 'radix-ui'
import { MENU_ACTION, MENU_CONTENT, MENU_RADIO_ITEM } from './floating-classes'
import { withPortal } from './with-portal'
import { withClasses } from './with-classes'

export const DropdownMenu = DropdownMenuPrimitive.Root
export const DropdownMenuTrigger = DropdownMenuPrimitive.Trigger
export const DropdownMenuRadioGroup = DropdownMenuPrimitive.RadioGroup

export const DropdownMenuContent = withPortal(DropdownMenuPrimitive, MENU_CONTENT)
export const DropdownMenuItem = withClasses(DropdownMenuPrimitive.Item, MENU_ACTION)
export const DropdownMenuRadioItem = withClasses(DropdownMenuPrimitive.RadioItem, MENU_RADIO_ITEM)
export const DropdownMenuLabel = withClasses(DropdownMenuPrimitive.Label, 'px-2 py-1.5 text-sm font-semibold')
export const DropdownMenuSeparator = withClasses(DropdownMenuPrimitive.Separator, '-mx-1 my-1 h-px bg-muted')
