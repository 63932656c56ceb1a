import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog'

type Props = {
  open: boolean
  title: ReactNode
  description: ReactNode
  confirmLabel: string
  /** Defaults to "Cancel". */
  cancelLabel?: string
  busy?: boolean
  /** Resolves true when done; the dialog stays open on failure so the person can retry or cancel. */
  onConfirm: () => Promise<boolean>
  onClose: () => void
}

/** Asks before a destructive change (delete, remove, cancel). */
export function ConfirmDialog(props: Props) {
  const { open, title, description, confirmLabel, cancelLabel, busy, onConfirm, onClose } = props
  const { t } = useTranslation('common')
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{cancelLabel ?? t('cancel')}</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={busy}
            onClick={(event) => {
              // Stay open until the server answers, so a failure is not hidden by a closed dialog.
              event.preventDefault()
              void onConfirm().then((done) => done && onClose())
            }}
          >
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
