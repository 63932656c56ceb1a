import { Tooltip as TooltipPrimitive } from 'radix-ui'
import type * as React from 'react'
import { TOOLTIP_CONTENT } from './floating-classes'
import { withPortal } from './with-portal'

/** Tooltips open after 700 ms (docs/product-rules.md, "Language and look"). */
export function TooltipProvider(props: React.ComponentProps<typeof TooltipPrimitive.Provider>) {
  return <TooltipPrimitive.Provider delayDuration={700} {...props} />
}
export const Tooltip = TooltipPrimitive.Root
export const TooltipTrigger = TooltipPrimitive.Trigger

export const TooltipContent = withPortal(TooltipPrimitive, TOOLTIP_CONTENT)
