import { Loader2 } from 'lucide-react'
import { type ReactNode, useRef } from 'react'
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
  AlertDialogTrigger,
} from '@web/components/ui/alert-dialog'
import { focusOn, keepFocusThroughRemoval } from '@web/lib/focus-place'

type Props = {
  open: boolean
  title: ReactNode
  description: ReactNode
  confirmLabel: string
  /** Defaults to "Cancel". */
  cancelLabel?: string
  /** The change is under way: confirm shows a spinner, and neither button can be pressed. */
  busy?: boolean
  /** The confirm button's look: destructive (the default) or default, for a change that takes nothing away. */
  confirmVariant?: 'default' | 'destructive'
  /**
   * Focus starts on confirm, so Enter confirms (Escape still cancels); by default it starts on cancel. For a
   * question asked in the middle of an action the person already chose (an award out of turn).
   */
  focusConfirm?: boolean
  /** Nothing to confirm yet (say, a name still to be typed). */
  confirmDisabled?: boolean
  /** A button that opens the dialog (focus goes back to it on close); onOpen is called when it is pressed. */
  trigger?: ReactNode
  onOpen?: () => void
  /** More to read or fill in between the description and the buttons. */
  children?: ReactNode
  /**
   * Where focus goes when the dialog closes after a confirmed change; by default (or when this gives nothing)
   * back to the button that opened it, as after a cancel. For a change that moves that button's row away (an
   * award out of turn sends the row down the queue): the row now in its place. Asked again when the change,
   * once shown, takes away the element focus went back to (a deleted row, Concluir replaced by Reabrir:
   * web/lib/focus-place.ts); the page's heading when it gives nothing then.
   */
  focusAfterConfirm?: () => HTMLElement | null | undefined
  /** Resolves true when done; the dialog stays open on failure so the person can retry or cancel. */
  onConfirm: () => Promise<boolean>
  onClose: () => void
}

/** Asks before a destructive change (delete, remove, cancel). */
export function ConfirmDialog(props: Props) {
  const { open, title, description, confirmLabel, cancelLabel, busy, confirmDisabled, onConfirm, onClose } =
    props
  const { t } = useTranslation('common')
  const confirmRef = useRef<HTMLButtonElement>(null)
  // The close under way follows a confirmed change (read once, as focus leaves the dialog).
  const confirmed = useRef(false)
  const stopWatching = useRef<() => void>(undefined)
  return (
    <AlertDialog open={open} onOpenChange={(next) => (next ? props.onOpen?.() : onClose())}>
      {props.trigger && <AlertDialogTrigger asChild>{props.trigger}</AlertDialogTrigger>}
      <AlertDialogContent
        onOpenAutoFocus={(event) => {
          stopWatching.current?.()
          if (!props.focusConfirm) return
          event.preventDefault()
          confirmRef.current?.focus()
        }}
        onCloseAutoFocus={(event) => {
          if (!confirmed.current) return
          confirmed.current = false
          const place = () => props.focusAfterConfirm?.()
          stopWatching.current = keepFocusThroughRemoval(place)
          const target = place()
          if (!target) return
          // Taken from the dialog's own return to its opener (web/components/ui/dialog.tsx, useReturnFocus).
          event.preventDefault()
          focusOn(target)
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {props.children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{cancelLabel ?? t('cancel')}</AlertDialogCancel>
          <AlertDialogAction
            ref={confirmRef}
            variant={props.confirmVariant ?? 'destructive'}
            disabled={busy || confirmDisabled}
            onClick={(event) => {
              // Stay open until the server answers, so a failure is not hidden by a closed dialog.
              event.preventDefault()
              void onConfirm().then((done) => {
                if (!done) return
                confirmed.current = true
                onClose()
              })
            }}
          >
            {busy && <Loader2 aria-hidden className="animate-spin" />}
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
