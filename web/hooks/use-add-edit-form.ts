import { useEffect } from 'react'
import type { DefaultValues, FieldValues, Path } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import type { z } from 'zod'
import { showServerErrors, useSchemaForm } from './use-schema-form'

type Options<S extends z.ZodType<FieldValues, FieldValues>, Row> = {
  /** The list's namespace: its toast.created and toast.updated say the change worked. */
  ns: string
  schema: S
  /** A new row's values. Module-level, like `toValues`: the form is reset when they change. */
  empty: z.input<S>
  /** An existing row's values in the form. */
  toValues: (row: Row) => z.input<S>
  /** The row being edited; null: a new one. */
  row: Row | null
  open: boolean
  save: (values: z.output<S>, row: Row | null) => Promise<unknown>
  /** The toast title when the server refuses, already translated. */
  failureTitle: string
  /** The fields the server may refuse by name; their refusal is shown under them. */
  fields: readonly Path<z.input<S>>[]
  onSaved: () => void
}

/**
 * The form behind an add-or-edit dialog of a guild's list (items, players): filled afresh each time it
 * opens, saved as a new row or a change, said with a toast, closed once saved.
 */
export function useAddEditForm<S extends z.ZodType<FieldValues, FieldValues>, Row>(options: Options<S, Row>) {
  const { ns, schema, empty, toValues, row, open, save, failureTitle, fields, onSaved } = options
  const { t } = useTranslation(ns)
  // A full set of values is a valid default; TypeScript cannot see that through the generic schema.
  const form = useSchemaForm(schema, empty as DefaultValues<z.input<S>>)

  useEffect(() => {
    if (open) form.reset(row ? toValues(row) : empty)
  }, [open, row, form, toValues, empty])

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save(values, row)
      toast.success(row ? t('toast.updated') : t('toast.created'))
      onSaved()
    } catch (error) {
      showServerErrors(form, error, failureTitle, fields)
    }
  })
  return { form, onSubmit }
}
