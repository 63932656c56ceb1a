import type { FieldError } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FormDialog, type FormDialogProps } from '@web/components/form-dialog'

type Props = Omit<FormDialogProps, 'title' | 'description' | 'submitLabel'> & {
  /**
   * The list's namespace, holding form.addTitle / form.editTitle, form.addDescription /
   * form.editDescription, form.add and form.save.
   */
  ns: string
  /** Editing one that exists; otherwise adding a new one. */
  editing: boolean
}

/** The one form dialog that adds to a guild's list or edits one of its rows (items, players). */
export function AddEditDialog({ ns, editing, ...props }: Props) {
  const { t } = useTranslation(ns)
  return (
    <FormDialog
      title={editing ? t('form.editTitle') : t('form.addTitle')}
      description={editing ? t('form.editDescription') : t('form.addDescription')}
      submitLabel={editing ? t('form.save') : t('form.add')}
      {...props}
    />
  )
}

/**
 * The name field's error in the list's words: what the server said (type 'server'), form.tooLong, or
 * form.nameRequired.
 */
export function useNameError(ns: string) {
  const { t } = useTranslation(ns)
  return (error: FieldError | undefined) =>
    error &&
    (error.type === 'server'
      ? error.message
      : error.type === 'too_big'
        ? t('form.tooLong')
        : t('form.nameRequired'))
}
