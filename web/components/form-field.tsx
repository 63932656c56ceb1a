import type { ComponentProps, ReactNode } from 'react'
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form'
import { Input } from '@web/components/ui/input'
import { FieldError, Label } from '@web/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select'
import { Textarea } from '@web/components/ui/textarea'

type FieldAria = { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }

type FieldProps = {
  id: string
  label: string
  error?: string
  /** Shown while there is no error. */
  hint?: string
  /** The hint states the rule the error is about (a minimum length): it stays in view with the error. */
  keepHint?: boolean
  /** The control, given the id and the aria attributes that tie the label, hint and error to it. */
  children: (aria: FieldAria) => ReactNode
}

/** A label, one control, then its hint or its error, announced with the control. */
export function Field({ id, label, error, hint, keepHint, children }: FieldProps) {
  const showHint = hint && (keepHint || !error)
  const describedBy = [error ? `${id}-error` : null, showHint ? `${id}-hint` : null].filter(Boolean).join(' ')
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {showHint && (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  )
}

type FieldOwnProps = Omit<FieldProps, 'children'>

/** One control as a Field: the props a Field takes, the rest go to the control. */
function controlField<P extends object>(Control: (props: P) => ReactNode) {
  return function ControlField({ id, label, error, hint, keepHint, ...props }: P & FieldOwnProps) {
    return (
      <Field id={id} label={label} error={error} hint={hint} keepHint={keepHint}>
        {(aria) => <Control {...aria} {...(props as P)} />}
      </Field>
    )
  }
}

/** A text input as a Field. */
export const TextField = controlField<ComponentProps<typeof Input>>(Input)

/** A multi-line text box as a Field. */
export const TextareaField = controlField<ComponentProps<typeof Textarea>>(Textarea)

type SelectFieldProps<T extends FieldValues> = Omit<FieldProps, 'children' | 'error'> & {
  control: Control<T>
  name: Path<T>
  options: readonly { value: string; label: string }[]
  disabled?: boolean
}

/** A select bound to one field of a react-hook-form form, as a Field. */
export function SelectField<T extends FieldValues>(props: SelectFieldProps<T>) {
  const { id, label, hint, control, name, options, disabled } = props
  return (
    <Field id={id} label={label} hint={hint}>
      {(aria) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange} disabled={disabled}>
              <SelectTrigger {...aria} onBlur={field.onBlur}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {options.map((option) => (
                  <SelectItem key={option.value} value={option.value}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      )}
    </Field>
  )
}
