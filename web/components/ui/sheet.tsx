import { Dialog as SheetPrimitive } from 'radix-ui'
import type * as React from 'react'
import { cn } from '@web/lib/cn'
import { DialogLayer } from './dialog'

// A side panel (the mobile sidebar) built on the dialog primitive: focus trap and Escape for free.
export const Sheet = SheetPrimitive.Root
export const SheetTitle = SheetPrimitive.Title
export const SheetDescription = SheetPrimitive.Description

export function SheetContent({ className, ...props }: React.ComponentProps<typeof SheetPrimitive.Content>) {
  return (
    <DialogLayer
      className={cn(
        'fixed inset-y-0 left-0 z-50 flex h-full flex-col border-r bg-sidebar shadow-lg',
        className,
      )}
      {...props}
    />
  )
}
