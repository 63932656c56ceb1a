import type { FieldError } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { i18n } from '@web/lib/i18n'
import type { ServerFieldError } from './use-schema-form'
import { useTooLongMessage } from './use-too-long-message'

/**
 * A form field's error as text, in namespace `ns`'s words: text longer than the field takes, with its limit
 * (useTooLongMessage), a contract validation key ('required', 'invalidEmail'…), or an API error code
 * ('EMAIL_TAKEN').
 */
export function useFieldMessage(ns: 'auth' | 'users') {
  const { t } = useTranslation(ns)
  const tooLong = useTooLongMessage()
  return (error: FieldError | undefined) => {
    if (!error) return undefined
    const message = error.message
    const limited = tooLong(error)
    if (limited) return limited
    // The refusal's own words when the server refused the field by its code: they may name values the web
    // does not know (GUILD_NAME_TAKEN's address).
    const said = (error as ServerFieldError).said
    if (said) return said
    if (message && i18n.exists(`validation.${message}`, { ns })) return t(`validation.${message}`)
    if (message && i18n.exists(message, { ns: 'errors' })) return t(message, { ns: 'errors' })
    return t('validation.invalid')
  }
}
