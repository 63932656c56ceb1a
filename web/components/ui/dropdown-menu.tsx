import { DropdownMenu as DropdownMenuPrimitive } from 'radix-ui'
import type * as React from 'react'
import { cn } from '@web/lib/cn'
import { MENU_ITEM, POPOVER_SURFACE } from './floating-classes'
import { withClasses } from './with-classes'

export const DropdownMenu = DropdownMenuPrimitive.Root
export const DropdownMenuTrigger = DropdownMenuPrimitive.Trigger
export const DropdownMenuGroup = DropdownMenuPrimitive.Group
export const DropdownMenuRadioGroup = DropdownMenuPrimitive.RadioGroup

export function DropdownMenuContent({
  className,
  sideOffset = 4,
  ...props
}: React.ComponentProps<typeof DropdownMenuPrimitive.Content>) {
  return (
    <DropdownMenuPrimitive.Portal>
      <DropdownMenuPrimitive.Content
        sideOffset={sideOffset}
        className={cn(POPOVER_SURFACE, 'min-w-32 overflow-hidden p-1', className)}
        {...props}
      />
    </DropdownMenuPrimitive.Portal>
  )
}
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
