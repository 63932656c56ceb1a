import { Popover as PopoverPrimitive } from 'radix-ui'
import { POPOVER_CONTENT } from './floating-classes'
import { withPortal } from './with-portal'

export const Popover = PopoverPrimitive.Root
export const PopoverTrigger = PopoverPrimitive.Trigger

export const PopoverContent = withPortal(PopoverPrimitive, POPOVER_CONTENT, { align: 'end' })
