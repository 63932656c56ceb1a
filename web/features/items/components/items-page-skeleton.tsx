import { useTranslation } from 'react-i18next'
import { Skeleton } from '@web/components/ui/skeleton'

export function ItemsPageSkeleton() {
  const { t } = useTranslation('items')
  return (
    <div className="grid gap-6" role="status" aria-label={t('loading')}>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
      <Skeleton className="h-9 w-48" />
      <div className="grid gap-2">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-12" />
        ))}
      </div>
    </div>
  )
}
