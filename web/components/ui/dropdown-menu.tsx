import { DropdownMenu as DropdownMenuPrimitive } from 'radix-ui'
import { cn } from '@web/lib/cn'
import { MENU_ITEM, POPOVER_SURFACE } from './floating-classes'
import { withPortal } from './with-portal'
import { withClasses } from './with-classes'

export const DropdownMenu = DropdownMenuPrimitive.Root
export const DropdownMenuTrigger = DropdownMenuPrimitive.Trigger
export const DropdownMenuRadioGroup = DropdownMenuPrimitive.RadioGroup

export const DropdownMenuContent = withPortal(
  DropdownMenuPrimitive,
  cn(POPOVER_SURFACE, 'min-w-32 overflow-hidden p-1'),
)
export const DropdownMenuItem = withClasses(
  DropdownMenuPrimitive.Item,
  cn(MENU_ITEM, 'gap-2 px-2 transition-colors [&_svg]:size-4'),
)
export const DropdownMenuRadioItem = withClasses(
  DropdownMenuPrimitive.RadioItem,
  cn(MENU_ITEM, 'px-2 data-[state=checked]:font-semibold'),
)
export const DropdownMenuLabel = withClasses(DropdownMenuPrimitive.Label, 'px-2 py-1.5 text-sm font-semibold')
export const DropdownMenuSeparator = withClasses(DropdownMenuPrimitive.Separator, '-mx-1 my-1 h-px bg-muted')
