import { Popover as PopoverPrimitive } from 'radix-ui'
import type * as React from 'react'
import { cn } from '@web/lib/cn'
import { POPOVER_SURFACE } from './floating-classes'

export const Popover = PopoverPrimitive.Root
export const PopoverTrigger = PopoverPrimitive.Trigger
export const PopoverClose = PopoverPrimitive.Close

export function PopoverContent({
  className,
  align = 'end',
  sideOffset = 4,
  ...props
}: React.ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        align={align}
        sideOffset={sideOffset}
        className={cn(POPOVER_SURFACE, 'w-80 max-w-[calc(100vw-1rem)] p-4 outline-none', className)}
        {...props}
      />
    </PopoverPrimitive.Portal>
  )
}
