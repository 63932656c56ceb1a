import { Dialog as SheetPrimitive } from 'radix-ui'
import type * as React from 'react'
import { withClassName } from '@web/lib/cn'
import { DialogLayer } from './dialog'
import { SHEET_CONTENT } from './floating-classes'

// A side panel (the mobile sidebar) built on the dialog primitive: focus trap and Escape for free.
export const Sheet = SheetPrimitive.Root
export const SheetTitle = SheetPrimitive.Title
export const SheetDescription = SheetPrimitive.Description

export function SheetContent({ className, ...props }: React.ComponentProps<typeof SheetPrimitive.Content>) {
  return <DialogLayer className={withClassName(SHEET_CONTENT, className)} {...props} />
}
