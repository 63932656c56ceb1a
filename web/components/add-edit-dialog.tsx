import type { FieldError } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FormDialog, type FormDialogProps } from '@web/components/form-dialog'
import { useTooLongMessage } from '@web/hooks/use-too-long-message'

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
 * The name field's error in the list's words: too long (with its limit: useTooLongMessage),
 * form.nameRequired, or what the server refused it with (type 'server': its code, e.g. PLAYER_NAME_TAKEN, in
 * the errors' words).
 */
export function useNameError(ns: string) {
  const { t } = useTranslation(ns)
  const errors = useTranslation('errors').t
  const tooLong = useTooLongMessage()
  return (error: FieldError | undefined) => {
    if (!error) return undefined
    const limited = tooLong(error)
    if (limited) return limited
    if (error.type === 'server' && error.message && error.message !== 'required')
      return errors(error.message, { defaultValue: errors('VALIDATION_FAILED') })
    return t('form.nameRequired')
  }
}

/**
 * An optional text's error (a description, notes, a type): too long, with its limit; anything else (control
 * characters) in the errors' general words.
 */
export function useTextError() {
  const errors = useTranslation('errors').t
  const tooLong = useTooLongMessage()
  return (error: FieldError | undefined) => error && (tooLong(error) ?? errors('VALIDATION_FAILED'))
}
