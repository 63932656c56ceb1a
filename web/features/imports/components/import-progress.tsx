import { useTranslation } from 'react-i18next'

export type Progress =
  | { phase: 'reading' }
  | { phase: 'uploading'; sent: number; then: 'checking' | 'importing' }
  | { phase: 'checking' }
  | { phase: 'importing' }

/**
 * Where a large import is: reading the files, sending them (a share), then the server's work. A progress
 * bar with a value while it is known, and its words announced politely to screen readers.
 */
export function ImportProgress({ progress }: { progress: Progress }) {
  const { t } = useTranslation('imports')
  const percent = progress.phase === 'uploading' ? Math.round(progress.sent * 100) : null
  const words =
    progress.phase === 'uploading' ? t('progress.uploading', { percent }) : t(`progress.${progress.phase}`)
  return (
    <div className="grid gap-2" data-testid="import-progress">
      <div
        role="progressbar"
        aria-label={t('progress.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={words}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className={
            percent === null
              ? 'h-full w-1/3 animate-pulse rounded-full bg-primary'
              : 'h-full bg-primary transition-[width]'
          }
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {words}
      </p>
    </div>
  )
}
