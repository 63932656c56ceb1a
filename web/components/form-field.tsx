import type { ComponentProps, ReactNode } from 'react'
import { Input } from '@web/components/ui/input'
import { FieldError, Label } from '@web/components/ui/label'

type FieldAria = { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }

type FieldProps = {
  id: string
  label: string
  error?: string
  /** Shown while there is no error. */
  hint?: string
  /** The control, given the id and the aria attributes that tie the label, hint and error to it. */
  children: (aria: FieldAria) => ReactNode
}

/** A label, one control, then its hint or its error, announced with the control. */
export function Field({ id, label, error, hint, children }: FieldProps) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ')
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  )
}

type TextFieldProps = ComponentProps<typeof Input> & Omit<FieldProps, 'children'>

/** A text input as a Field. */
export function TextField({ id, label, error, hint, ...props }: TextFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {(aria) => <Input {...aria} {...props} />}
    </Field>
  )
}
