import { useTranslation } from 'react-i18next'
import type { ImportProblem } from '@contract/imports'
import { Table, TableBody, TableCell, TableColumns, TableRow } from '@web/components/ui/table'

/** Every problem row with its file, its line (or its list and number in a JSON file) and the reason. */
export function ImportProblems({ problems, count }: { problems: ImportProblem[]; count: number }) {
  const { t } = useTranslation('imports')
  const where = (p: ImportProblem) =>
    p.line !== null
      ? String(p.line)
      : p.section && p.index !== null
        ? t('preview.record', { section: t(`preview.sections.${p.section}`), index: p.index })
        : t('preview.wholeFile')
  return (
    <div className="grid gap-2">
      <p
        role="status"
        className={count > 0 ? 'text-sm font-medium text-destructive' : 'text-sm text-muted-foreground'}
      >
        {t('preview.problems', { count })}
        {count > problems.length && ` ${t('preview.problemsListed', { shown: problems.length })}`}
      </p>
      {problems.length > 0 && (
        <div className="max-h-72 overflow-y-auto rounded-md border">
          <Table label={t('preview.problemsLabel')}>
            <TableColumns columns={[t('preview.file'), t('preview.line'), t('preview.reason')]} />
            <TableBody>
              {problems.map((p, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: one row may hold several problems; the list never moves.
                <TableRow key={i} data-testid="import-problem">
                  <TableCell className="max-w-32 truncate">{p.file}</TableCell>
                  <TableCell className="tabular-nums whitespace-nowrap">{where(p)}</TableCell>
                  <TableCell className="wrap-anywhere">{p.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </div>
  )
}
