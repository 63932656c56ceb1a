import { AlertDialog as AlertDialogPrimitive } from 'radix-ui'
import type * as React from 'react'
import { cn } from '@web/lib/cn'
import { buttonVariants } from './button'
import { useReturnFocus } from './dialog'
import { withClasses } from './with-classes'

export const AlertDialog = AlertDialogPrimitive.Root
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger

export function AlertDialogContent({
  className,
  ...props
}: React.ComponentProps<typeof AlertDialogPrimitive.Content>) {
  // Focus goes back to the opener on close, as with the dialog (see useReturnFocus).
  const returnFocus = useReturnFocus(props)
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60" />
      <AlertDialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-background p-6 shadow-lg',
          className,
        )}
        {...props}
        {...returnFocus}
      />
    </AlertDialogPrimitive.Portal>
  )
}
export const AlertDialogHeader = withClasses('div', 'flex flex-col gap-2 text-left')
// The buttons' row is a plain <div>, the same as the dialog's.
export { DialogFooter as AlertDialogFooter } from './dialog'
export const AlertDialogTitle = withClasses(AlertDialogPrimitive.Title, 'text-lg font-semibold')
export const AlertDialogDescription = withClasses(
  AlertDialogPrimitive.Description,
  'text-sm text-muted-foreground',
)
export function AlertDialogAction({
  className,
  variant = 'default',
  ...props
}: React.ComponentProps<typeof AlertDialogPrimitive.Action> & { variant?: 'default' | 'destructive' }) {
  return <AlertDialogPrimitive.Action className={cn(buttonVariants({ variant }), className)} {...props} />
}
export function AlertDialogCancel({
  className,
  ...props
}: React.ComponentProps<typeof AlertDialogPrimitive.Cancel>) {
  return (
    <AlertDialogPrimitive.Cancel
      className={cn(buttonVariants({ variant: 'outline' }), className)}
      {...props}
    />
  )
}
