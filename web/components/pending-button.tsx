import { Loader2 } from 'lucide-react'
import { Button, type ButtonProps } from '@web/components/ui/button'

type Props = ButtonProps & {
  /** Its change is under way: a spinner before the label, and it cannot be pressed again meanwhile. */
  pending?: boolean
}

/** A button that starts a change and shows it is under way (a form's submit, a payment step). */
export function PendingButton({ pending, disabled, children, ...props }: Props) {
  return (
    <Button disabled={pending || disabled} {...props}>
      {pending && <Loader2 aria-hidden className="animate-spin" />}
      {children}
    </Button>
  )
}
