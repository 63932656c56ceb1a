import type { FieldError } from 'react-hook-form'
import { useTranslation } from 'react-i18next'

/**
 * A field's error with the limit it broke when it was refused as too long: `max`, the zod issue's maximum,
 * from the form's own check (schemaResolver) or the API's `limits` (showServerErrors). The one place the
 * number comes from is the contract's schema; no text repeats it.
 */
export type LimitedFieldError = FieldError & { max?: number }

/**
 * The words for a field refused as too long, with its limit ("Texto longo demais: no máximo 500
 * caracteres."), the same in every form (common:validation.tooLong); undefined for any other error. Each
 * form's own wording of its errors asks it first.
 */
export function useTooLongMessage() {
  const { t } = useTranslation('common')
  return (error: FieldError | undefined) => {
    const max = (error as LimitedFieldError | undefined)?.max
    return max === undefined ? undefined : t('validation.tooLong', { max })
  }
}
