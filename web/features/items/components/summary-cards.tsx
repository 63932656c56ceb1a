import { Gem, Gift, Package, Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { StatCard } from '@web/components/stat-card'
import { useItemsSummary } from '../api/get-items-summary'

export function SummaryCards() {
  const { t } = useTranslation('items')
  const { data } = useItemsSummary()
  return (
    <section aria-label={t('summary.label')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard compact icon={Package} label={t('summary.totalItems')} value={data?.totalItems} />
      <StatCard compact icon={Users} label={t('summary.playersInQueues')} value={data?.playersInQueues} />
      <StatCard compact icon={Gem} label={t('summary.rareItems')} value={data?.rareItems} />
      <StatCard compact icon={Gift} label={t('summary.distributedToday')} value={data?.distributedToday} />
    </section>
  )
}
