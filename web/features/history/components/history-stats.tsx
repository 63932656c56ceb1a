import { CalendarDays, Gem, Gift, Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { HistoryStats as Stats } from '@contract/history'
import { Card, CardContent, CardHeader } from '@web/components/ui/card'
import { Skeleton } from '@web/components/ui/skeleton'
import { formatNumber } from '@web/lib/format'

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
      {cards.map(({ key, icon: Icon, value }) => (
        <Card key={key}>
          <CardHeader className="flex flex-row items-start justify-between gap-2 p-4 pb-2 md:p-6 md:pb-2">
            <p className="text-sm font-medium text-muted-foreground">{t(`stats.${key}`)}</p>
            <Icon className="size-5 shrink-0 text-primary" aria-hidden />
          </CardHeader>
          <CardContent className="p-4 pt-0 md:p-6 md:pt-0">
            {value === undefined ? (
              <Skeleton className="h-8 w-16" />
            ) : (
              <p className="text-2xl font-bold tabular-nums md:text-3xl">{formatNumber(value)}</p>
            )}
          </CardContent>
        </Card>
      ))}
    </section>
  )
}
