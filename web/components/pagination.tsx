import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@web/components/ui/button'
import { formatNumber } from '@web/lib/format'

type Props = { page: number; pageSize: number; total: number; onPage: (page: number) => void }

export function pageCount(total: number, pageSize: number) {
  return Math.max(1, Math.ceil(total / pageSize))
}

/** A paged list's page control: only when there is more than one page (docs/product-rules.md, "Screens"). */
export function Pagination({ page, pageSize, total, onPage }: Props) {
  const { t } = useTranslation('common')
  const pages = pageCount(total, pageSize)
  if (pages <= 1) return null
  const from = (page - 1) * pageSize + 1
  const to = Math.min(page * pageSize, total)
  return (
    <nav
      aria-label={t('pagination.label')}
      className="flex flex-col items-center justify-between gap-3 border-t pt-4 sm:flex-row"
    >
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t('pagination.showing', {
          from: formatNumber(from),
          to: formatNumber(to),
          total: formatNumber(total),
        })}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden />
          {t('pagination.previous')}
        </Button>
        <span className="min-w-24 text-center text-sm tabular-nums">
          {t('pagination.page', { page: formatNumber(page), pages: formatNumber(pages) })}
        </span>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('pagination.next')}
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  )
}
