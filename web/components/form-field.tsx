import type { ComponentProps, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form'
import { Input } from '@web/components/ui/input'
import { FieldError, Label } from '@web/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select'
import { Textarea } from '@web/components/ui/textarea'

type FieldAria = { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }

/** A text's maximum length (the contract's) and its current length: lengthLimit in use-schema-form. */
export type LengthLimit = { max: number; length: number }

type FieldProps = {
  id: string
  label: string
  error?: string
  /** Shown while there is no error. */
  hint?: string
  /** The hint states the rule the error is about (a minimum length): it stays in view with the error. */
  keepHint?: boolean
  /**
   * The most characters the field may hold, and how many it holds: the characters left are said under it
   * ("Restam 40 caracteres."), error or not. The control takes more (no maxLength: a long paste is kept
   * whole, never cut unsaid); over the limit the line says by how much ("3 caracteres a mais."), as an
   * error, and the control is invalid: the form refuses to save it (docs/product-rules.md).
   */
  limit?: LengthLimit
  /** The control, given the id and the aria attributes that tie the label, hint and error to it. */
  children: (aria: FieldAria) => ReactNode
}

/**
 * A label, one control, then its hint, the characters it has left (or has too many) and its error, announced
 * with the control.
 */
export function Field({ id, label, error, hint, keepHint, limit, children }: FieldProps) {
  const { t } = useTranslation('common')
  const showHint = hint && (keepHint || !error)
  const over = limit ? limit.length - limit.max : 0
  const describedBy = [
    error ? `${id}-error` : null,
    showHint ? `${id}-hint` : null,
    limit ? `${id}-left` : null,
  ]
    .filter(Boolean)
    .join(' ')
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        'aria-invalid': error || over > 0 ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {showHint && (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
      {limit && (
        <p
          id={`${id}-left`}
          className={over > 0 ? 'text-destructive text-xs' : 'text-muted-foreground text-xs'}
        >
          {over > 0
            ? t('charactersOver', { count: over })
            : t('charactersLeft', { count: limit.max - limit.length })}
        </p>
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  )
}

type FieldOwnProps = Omit<FieldProps, 'children'>

/**
 * One control as a Field: the props a Field takes, the rest go to the control. A `limit` is not the
 * control's maxLength: a paste over it is kept, and said to be over (Field).
 */
function controlField<P extends object>(Control: (props: P) => ReactNode) {
  return function ControlField({ id, label, error, hint, keepHint, limit, ...props }: P & FieldOwnProps) {
    return (
      <Field id={id} label={label} error={error} hint={hint} keepHint={keepHint} limit={limit}>
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
