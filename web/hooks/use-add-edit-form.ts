import { useEffect } from 'react'
import type { DefaultValues, FieldValues, Path } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import type { z } from 'zod'
import type { AddEditTarget } from './use-add-edit-target'
import { showServerErrors, useSchemaForm } from './use-schema-form'

type Options<S extends z.ZodType<FieldValues, FieldValues>, Row extends { id: string }> = {
  /** The list's namespace: its toast.created and toast.updated say the change worked. */
  ns: string
  schema: S
  /** A new row's values. Module-level, like `toValues`: the form is reset when they change. */
  empty: z.input<S>
  /** An existing row's values in the form. */
  toValues: (row: Row) => z.input<S>
  target: AddEditTarget<Row>
  /** The list's create and update mutations. */
  create: (values: z.output<S>) => Promise<unknown>
  update: (change: z.output<S> & { id: string }) => Promise<unknown>
  /** The toast title when the server refuses, already translated. */
  failureTitle: string
  /** The fields the server may refuse by name; their refusal is shown under them. */
  fields: readonly Path<z.input<S>>[]
  onClose: () => void
}

/**
 * The form behind an add-or-edit dialog of a guild's list (items, players): filled afresh each time it
 * opens, saved as a new row or a change, said with a toast, closed once saved. `dialog` is what the
 * AddEditDialog around its fields takes.
 */
export function useAddEditForm<S extends z.ZodType<FieldValues, FieldValues>, Row extends { id: string }>(
  options: Options<S, Row>,
) {
  const { ns, schema, empty, toValues, target, create, update, failureTitle, fields, onClose } = options
  const { t } = useTranslation(ns)
  // A full set of values is a valid default; TypeScript cannot see that through the generic schema.
  const form = useSchemaForm(schema, empty as DefaultValues<z.input<S>>)
  const open = target !== null
  const row = target?.row ?? null

  useEffect(() => {
    if (open) form.reset(row ? toValues(row) : empty)
  }, [open, row, form, toValues, empty])

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await (row ? update({ ...values, id: row.id }) : create(values))
      toast.success(row ? t('toast.updated') : t('toast.created'))
      onClose()
    } catch (error) {
      showServerErrors(form, error, failureTitle, fields)
    }
  })
  const dialog = {
    ns,
    editing: row !== null,
    open,
    onOpenChange: (next: boolean) => !next && onClose(),
    onSubmit,
    pending: form.formState.isSubmitting,
  }
  return { form, dialog }
}
