import { X } from 'lucide-react'
import { Dialog as DialogPrimitive } from 'radix-ui'
import type * as React from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@web/lib/cn'
import { withClasses } from './with-classes'

export const Dialog = DialogPrimitive.Root
export const DialogTrigger = DialogPrimitive.Trigger
export const DialogClose = DialogPrimitive.Close

export function DialogContent({
  className,
  children,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content>) {
  const { t } = useTranslation('common')
  return (
    <DialogLayer
      className={cn(
        'fixed top-1/2 left-1/2 z-50 grid max-h-[90svh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-background p-6 shadow-lg',
        className,
      )}
      {...props}
    >
      {children}
      <DialogPrimitive.Close className="absolute top-4 right-4 rounded-sm opacity-70 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <X className="size-4" aria-hidden />
        <span className="sr-only">{t('close')}</span>
      </DialogPrimitive.Close>
    </DialogLayer>
  )
}

/** The dialog primitive's content over the dimmed page, in a portal: the centred dialog and the side sheet. */
export function DialogLayer(props: React.ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60" />
      <DialogPrimitive.Content {...props} />
    </DialogPrimitive.Portal>
  )
}

export const DialogHeader = withClasses('div', 'flex flex-col gap-1.5 text-left')
export const DialogFooter = withClasses('div', 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end')
export const DialogTitle = withClasses(DialogPrimitive.Title, 'text-lg font-semibold leading-none')
export const DialogDescription = withClasses(DialogPrimitive.Description, 'text-sm text-muted-foreground')
