import { Popover as PopoverPrimitive } from 'radix-ui'
import { cn } from '@web/lib/cn'
import { POPOVER_SURFACE } from './floating-classes'
import { withPortal } from './with-portal'

export const Popover = PopoverPrimitive.Root
export const PopoverTrigger = PopoverPrimitive.Trigger

export const PopoverContent = withPortal(
  PopoverPrimitive,
  cn(POPOVER_SURFACE, 'w-80 max-w-[calc(100vw-1rem)] p-4 outline-none'),
  { align: 'end' },
)
