import { useTranslation } from 'react-i18next'
import type { ImportWarning } from '@contract/imports'

/**
 * What the import will do that the files may not mean (a player repeated as is, cells beyond the header):
 * each message names its rows. None stops the import; importing accepts them.
 */
export function ImportWarnings({ warnings }: { warnings: ImportWarning[] }) {
  const { t } = useTranslation('imports')
  if (warnings.length === 0) return null
  return (
    <section aria-labelledby="import-warnings-title" className="grid gap-1 text-sm">
      <h3 id="import-warnings-title" className="font-semibold">
        {t('warnings.title')}
      </h3>
      <p className="text-xs text-muted-foreground">{t('warnings.hint')}</p>
      <ul aria-label={t('warnings.label')} className="grid list-disc gap-1 pl-5">
        {warnings.map((w) => (
          <li
            key={`${w.code}|${w.value}|${w.places[0]?.file}|${w.places[0]?.line ?? w.places[0]?.index}`}
            className="wrap-anywhere"
            data-testid="import-warning"
          >
            {w.message}
          </li>
        ))}
      </ul>
    </section>
  )
}
