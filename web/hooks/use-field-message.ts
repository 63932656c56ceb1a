import type { FieldError } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { i18n } from '@web/lib/i18n'

/**
 * A form field's error as text, in namespace `ns`'s words: a contract validation key ('required',
 * 'invalidEmail'…), text longer than the field takes ('validation.tooLong': zod's own message for a maximum
 * is English prose), or an API error code ('EMAIL_TAKEN').
 */
export function useFieldMessage(ns: 'auth' | 'users') {
  const { t } = useTranslation(ns)
  return (error: FieldError | undefined) => {
    if (!error) return undefined
    const message = error.message
    if (message && i18n.exists(`validation.${message}`, { ns })) return t(`validation.${message}`)
    if (error.type === 'too_big') return t('validation.tooLong')
    if (message && i18n.exists(message, { ns: 'errors' })) return t(message, { ns: 'errors' })
    return t('validation.invalid')
  }
}
