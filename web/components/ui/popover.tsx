import { Popover as PopoverPrimitive } from 'radix-ui'
import { cn } from '@web/lib/cn'
import { POPOVER_SURFACE } from './floating-classes'
import { floatingContent } from './floating-content'

export const Popover = PopoverPrimitive.Root
export const PopoverTrigger = PopoverPrimitive.Trigger

export const PopoverContent = floatingContent(
  PopoverPrimitive,
  cn(POPOVER_SURFACE, 'w-80 max-w-[calc(100vw-1rem)] p-4 outline-none'),
  { align: 'end' },
)
