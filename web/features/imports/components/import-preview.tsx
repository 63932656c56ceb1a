import { useTranslation } from 'react-i18next'
import type { ImportPreview } from '@contract/imports'
import { ImportCountsTable } from './import-counts'
import { ImportProblems } from './import-problems'
import { ImportSample } from './import-sample'
import { ImportWarnings } from './import-warnings'

/** What the server found in the files: every problem by line, the warnings, counts, the files, the first rows. */
export function ImportPreviewView({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation('imports')
  return (
    <section aria-label={t('preview.title')} className="grid gap-4">
      <ImportProblems problems={preview.problems} count={preview.problemCount} />
      <ImportWarnings warnings={preview.warnings} />
      <ImportCountsTable counts={preview.counts} label={t('preview.countsLabel')} />
      <p className="text-xs text-muted-foreground">{t('preview.existingHint')}</p>
      <div className="grid gap-1 text-sm">
        <h3 className="font-semibold">{t('preview.files')}</h3>
        <ul className="grid gap-1">
          {preview.files.map((file) => (
            <li key={file.name} className="wrap-anywhere">
              <span className="font-medium">{file.name}</span>
              {' · '}
              {t(`preview.fileKinds.${file.kind ?? 'none'}`)}
              {' · '}
              {t('preview.fileRows', { count: file.rows })}
              {file.ignoredColumns.length > 0 && (
                <span className="block text-xs text-muted-foreground">
                  {t('preview.ignored', { columns: file.ignoredColumns.join(', ') })}
                </span>
              )}
            </li>
          ))}
        </ul>
      </div>
      {preview.setsSettings && <p className="text-xs text-muted-foreground">{t('preview.setsSettings')}</p>}
      {preview.setsNightSettings && (
        <p className="text-xs text-muted-foreground">
          {t('preview.setsNightSettings', {
            zone: preview.setsNightSettings.timeZone,
            rule: t(`preview.noShowRules.${preview.setsNightSettings.noShowRule}`),
          })}
        </p>
      )}
      {preview.publicRules && (
        <p className="text-xs text-muted-foreground">{t(`preview.publicRules.${preview.publicRules}`)}</p>
      )}
      {preview.leftOut.length > 0 && (
        <p className="text-xs text-muted-foreground" data-testid="import-left-out">
          {t('preview.leftOut', {
            parts: preview.leftOut.map((part) => t(`preview.leftOutParts.${part}`)).join(', '),
          })}
        </p>
      )}
      {preview.unknownDistributors.length > 0 && (
        <p className="text-xs text-muted-foreground">
          {t('preview.unknownDistributors', { names: preview.unknownDistributors.join(', ') })}
        </p>
      )}
      <ImportSample sample={preview.sample} />
    </section>
  )
}
