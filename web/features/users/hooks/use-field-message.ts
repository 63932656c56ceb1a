import type { FieldError } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { i18n } from '@web/lib/i18n'

/** A form error as text: a contract validation key ('required', 'invalidEmail'…) or an API error code. */
export function useFieldMessage() {
  const { t } = useTranslation('users')
  return (error: FieldError | undefined) => {
    const message = error?.message
    if (!error) return undefined
    if (message && i18n.exists(`validation.${message}`, { ns: 'users' })) return t(`validation.${message}`)
    if (error.type === 'too_big') return t('validation.tooLong')
    if (message && i18n.exists(message, { ns: 'errors' })) return t(message, { ns: 'errors' })
    return t('validation.invalid')
  }
}
