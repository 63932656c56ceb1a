import { CalendarDays, Gem, Gift, Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { HistoryStats as Stats } from '@contract/history'
import { StatCard } from '@web/components/stat-card'

/** The four cards: counted by the server over the whole history, whatever page or filter is shown. */
export function HistoryStats({ stats }: { stats: Stats | undefined }) {
  const { t } = useTranslation('history')
  const cards = [
    { key: 'totalDistributed', icon: Gift, value: stats?.totalDistributed },
    { key: 'distinctPlayers', icon: Users, value: stats?.distinctPlayers },
    { key: 'epicOrLegendary', icon: Gem, value: stats?.epicOrLegendary },
    { key: 'activeDays', icon: CalendarDays, value: stats?.activeDays },
  ] as const
  return (
    <section aria-label={t('stats.label')} className="grid grid-cols-2 gap-3 md:gap-4 lg:grid-cols-4">
      {cards.map(({ key, icon, value }) => (
        <StatCard key={key} icon={icon} label={t(`stats.${key}`)} value={value} />
      ))}
    </section>
  )
}
