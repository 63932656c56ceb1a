import { zodResolver } from '@hookform/resolvers/zod'
import {
  type DefaultValues,
  type FieldError,
  type FieldValues,
  get,
  type Path,
  type UseFormReturn,
  useForm,
} from 'react-hook-form'
import type { z } from 'zod'
import { showFormError } from '@web/lib/error-handler'

/**
 * A react-hook-form form checked by a contract schema, the same zod schema the route checks
 * (docs/architecture.md): the fields hold the schema's input, a submit gets its output.
 */
export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
) {
  return useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema), defaultValues })
}

/**
 * showFormError for such a form: each of `fields` the server refused gets the server's code as its error
 * (type 'server'), the first one the focus; any other refusal is one toast under `title`.
 */
export function showServerErrors<Input extends FieldValues, F extends Path<Input>>(
  form: UseFormReturn<Input, unknown, FieldValues>,
  error: unknown,
  title: string,
  fields: readonly F[],
) {
  showFormError(error, title, fields, (field, code, focus) =>
    form.setError(field, { type: 'server', message: code }, { shouldFocus: focus }),
  )
}

/**
 * Props that bind one field component (TextField, PasswordField…) to such a form: its registration, and
 * its error as text, worded by `message` (each screen words errors in its own namespace).
 */
export function bindFields<Input extends FieldValues>(
  form: UseFormReturn<Input, unknown, FieldValues>,
  message: (error: FieldError | undefined) => string | undefined,
) {
  const { errors } = form.formState
  return (name: Path<Input>) => ({
    ...form.register(name),
    error: message(get(errors, name) as FieldError | undefined),
  })
}
