import type { FormEventHandler, ReactNode } from 'react'
import { PendingButton } from '@web/components/pending-button'

type Props = {
  id: string
  /** The react-hook-form form: while it submits, the button shows a spinner and cannot be pressed again. */
  form: { formState: { isSubmitting: boolean } }
  onSubmit: FormEventHandler<HTMLFormElement>
  submitLabel: string
  /** The fields (and any notice above them). */
  children: ReactNode
  /** Below the submit button, such as sign-in's "forgot password" link. */
  after?: ReactNode
}

/** Every form of the auth screen: its fields in one column, then the submit button that shows it is under way. */
export function AuthForm({ id, form, onSubmit, submitLabel, children, after }: Props) {
  return (
    <form id={id} noValidate onSubmit={onSubmit} className="grid gap-4">
      {children}
      <PendingButton type="submit" pending={form.formState.isSubmitting}>
        {submitLabel}
      </PendingButton>
      {after}
    </form>
  )
}
