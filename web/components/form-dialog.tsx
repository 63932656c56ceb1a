import type { FormEventHandler, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PendingButton } from '@web/components/pending-button'
import { Button } from '@web/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog'

// The one dialog shell: a title, a description, then a body. Forms use FormDialog (fields, then Cancel and
// a submit button that shows a spinner while the change is under way); other dialogs pass their own body.

type ShellProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description: ReactNode
  /** A button that opens the dialog, for dialogs that own their open state. */
  trigger?: ReactNode
  className?: string
  children: ReactNode
}

export function DialogShell({
  open,
  onOpenChange,
  title,
  description,
  trigger,
  className,
  children,
}: ShellProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  )
}

type FormProps = {
  onSubmit: FormEventHandler<HTMLFormElement>
  submitLabel: ReactNode
  /** Defaults to "Cancel". */
  cancelLabel?: ReactNode
  onCancel: () => void
  /** The change is under way: submit shows a spinner and cannot be pressed again. */
  pending?: boolean
  /** Nothing to submit yet (an invalid or empty choice). */
  submitDisabled?: boolean
  destructive?: boolean
  children: ReactNode
}

/** The form inside a DialogShell: the fields, then the footer. */
export function DialogForm(props: FormProps) {
  const { onSubmit, submitLabel, cancelLabel, onCancel, pending, submitDisabled, destructive, children } =
    props
  const { t } = useTranslation('common')
  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      {children}
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          {cancelLabel ?? t('cancel')}
        </Button>
        <PendingButton
          type="submit"
          variant={destructive ? 'destructive' : 'default'}
          disabled={submitDisabled}
          pending={pending}
        >
          {submitLabel}
        </PendingButton>
      </DialogFooter>
    </form>
  )
}

export type FormDialogProps = Omit<ShellProps, 'children'> & Omit<FormProps, 'onCancel'>

/** A dialog that edits something: DialogShell around DialogForm; Cancel closes it. */
export function FormDialog(props: FormDialogProps) {
  const { open, onOpenChange, title, description, trigger, className, ...form } = props
  const shell = { open, onOpenChange, title, description, trigger, className }
  return (
    <DialogShell {...shell}>
      <DialogForm {...form} onCancel={() => onOpenChange(false)} />
    </DialogShell>
  )
}
