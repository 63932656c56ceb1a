import { toNestErrors } from '@hookform/resolvers'
import {
  type DefaultValues,
  type FieldError,
  type FieldValues,
  get,
  type Path,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form'
import type { z } from 'zod'
import { issueLimit } from '@contract/common'
import type { LengthLimit } from '@web/components/form-field'
import { showFormError } from '@web/lib/error-handler'

/**
 * A form's check by a zod schema: each refused field's first issue, its zod code as the error's type and its
 * message (a contract code such as 'required', or zod's words); a value refused as too long also has the
 * schema's maximum as `max` (a LimitedFieldError), which zodResolver left out.
 */
export function schemaResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values)
    if (result.success) return { values: result.data, errors: {} }
    // No prototype: a field named like one of Object's members (constructor) keeps its error.
    const errors: Record<string, FieldError> = Object.create(null)
    for (const issue of result.error.issues) {
      errors[issue.path.join('.')] ??= { type: issue.code, message: issue.message, ...issueLimit(issue) }
    }
    return { values: {}, errors: toNestErrors(errors, options) }
  }
}

/**
 * A react-hook-form form checked by a contract schema, the same zod schema the route checks
 * (docs/architecture.md): the fields hold the schema's input, a submit gets its output.
 */
export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
) {
  return useForm<z.input<S>, unknown, z.output<S>>({ resolver: schemaResolver(schema), defaultValues })
}

/** A field's error set from the server's refusal: with the refusal's words when it was refused by its code. */
export type ServerFieldError = FieldError & { said?: string }

/**
 * showFormError for such a form: each of `fields` the server refused gets the server's code as its error
 * (type 'server', with the API's limit as `max` when it was too long, and the refusal's words as `said` when
 * the code is the refusal's: ServerFieldError), the first one the focus; any other refusal is one toast under
 * `title`.
 */
export function showServerErrors<Input extends FieldValues, F extends Path<Input>>(
  form: UseFormReturn<Input, unknown, FieldValues>,
  error: unknown,
  title: string,
  fields: readonly F[],
) {
  showFormError(error, title, fields, (field, code, focus, limit, said) =>
    form.setError(
      field,
      { type: 'server', message: code, ...limit, ...(said === undefined ? {} : { said }) },
      { shouldFocus: focus },
    ),
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

/**
 * A text field's limit for its Field (`limit`): the contract's maximum, and the length of the value typed so
 * far (watched, so the characters left follow each keystroke).
 */
export function lengthLimit<Input extends FieldValues>(
  form: UseFormReturn<Input, unknown, FieldValues>,
  name: Path<Input>,
  max: number,
): LengthLimit {
  const value: unknown = form.watch(name)
  return { max, length: typeof value === 'string' ? value.length : 0 }
}
