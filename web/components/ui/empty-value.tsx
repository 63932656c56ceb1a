import { useTranslation } from 'react-i18next'

/**
 * The one way to show a value that is not there (docs/vocabulary.md): an em dash on screen, words for
 * screen readers, never 'N/A'.
 */
export function EmptyValue() {
  const { t } = useTranslation('common')
  return (
    <span className="text-muted-foreground">
      <span aria-hidden>—</span>
      <span className="sr-only">{t('emptyValue')}</span>
    </span>
  )
}
