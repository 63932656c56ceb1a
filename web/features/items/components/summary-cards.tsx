import { Gem, Gift, type LucideIcon, Package, Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card'
import { Skeleton } from '@web/components/ui/skeleton'
import { formatNumber } from '@web/lib/format'
import { useItemsSummary } from '../api/get-items-summary'

export function SummaryCards() {
  const { t } = useTranslation('items')
  const { data } = useItemsSummary()
  return (
    <section aria-label={t('summary.label')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <SummaryCard icon={Package} label={t('summary.totalItems')} value={data?.totalItems} />
      <SummaryCard icon={Users} label={t('summary.playersInQueues')} value={data?.playersInQueues} />
      <SummaryCard icon={Gem} label={t('summary.rareItems')} value={data?.rareItems} />
      <SummaryCard icon={Gift} label={t('summary.distributedToday')} value={data?.distributedToday} />
    </section>
  )
}

function SummaryCard({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value?: number }) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-2 p-4 pb-1">
        <CardTitle className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</CardTitle>
        <Icon className="size-4 shrink-0 text-primary" aria-hidden />
      </CardHeader>
      <CardContent className="p-4 pt-0">
        {value === undefined ? (
          <Skeleton className="h-7 w-12" />
        ) : (
          <p className="text-2xl font-bold tabular-nums">{formatNumber(value)}</p>
        )}
      </CardContent>
    </Card>
  )
}
