import { toast } from 'sonner'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert'
import { Button } from '@web/components/ui/button'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs'
import { usePageTitle } from '@web/hooks/use-page-title'
import { errorCode } from '@web/lib/api-client'
import { handleError } from '@web/lib/error-handler'
import { useMe } from '@web/lib/session'
import { useDownloadHistoryCsv } from '../api/download-history-csv'
import { useActivityLog } from '../api/get-activity-log'
import { useEventChoices } from '../api/get-event-choices'
import { useHistoryStats } from '../api/get-history-stats'
import { useLootHistory } from '../api/get-loot-history'
import { type HistoryTab, useHistoryParams } from '../hooks/use-history-params'
import { ActivityPanel, LootPanel } from './history-panels'
import { HistoryStats } from './history-stats'
import { HistoryToolbar } from './history-toolbar'
import { NoGuildAlert, DashboardPage } from '@web/components/layout/page-states'
import { PremiumTeaser } from '@web/components/layout/premium-teaser'
import { useErrorToast } from '@web/hooks/use-error-toast'

export function HistoryPage() {
  const { t } = useTranslation('history')
  usePageTitle(t('title'))
  const params = useHistoryParams()
  const { tab, search, rarity, event, page } = params
  const me = useMe()
  const isAdmin = me.data?.profile?.role === 'guild_admin'

  const stats = useHistoryStats()
  const loot = useLootHistory({ page, search, rarity, event }, tab === 'loot')
  const activity = useActivityLog({ page, search, event }, tab === 'activity')
  const events = useEventChoices(event)
  const exporter = useDownloadHistoryCsv()

  // The server decides access: any of the reads answering 402 or NO_GUILD decides the screen.
  const codes = [stats.error, loot.error, activity.error].map(errorCode)
  const gated = codes.includes('SUBSCRIPTION_REQUIRED')
  const noGuild = codes.includes('NO_GUILD')
  const failure = [stats.error, loot.error, activity.error].find(
    (error) => error && !['SUBSCRIPTION_REQUIRED', 'NO_GUILD'].includes(errorCode(error) ?? ''),
  )

  useErrorToast(failure, t('loadError'))

  const exportCsv = () =>
    exporter.mutate(
      tab === 'loot' ? { kind: 'loot', search, rarity, event } : { kind: 'activity', search, event },
      {
        onSuccess: () => toast.success(t('export.done')),
        onError: (error) => handleError(error, t('export.error')),
      },
    )

  return (
    <DashboardPage title={t('title')} subtitle={t('subtitle')} width="wide">
      {noGuild ? (
        <NoGuildAlert ns="history" />
      ) : gated ? (
        <PremiumTeaser ns="history" />
      ) : (
        <>
          {failure && (
            <Alert variant="destructive">
              <AlertTitle>{t('loadError')}</AlertTitle>
              <AlertDescription>
                <Button
                  size="sm"
                  variant="outline"
                  className="mt-2"
                  onClick={() => {
                    void stats.refetch()
                    void (tab === 'loot' ? loot.refetch() : activity.refetch())
                  }}
                >
                  {t('retry')}
                </Button>
              </AlertDescription>
            </Alert>
          )}
          <HistoryStats stats={stats.data} />
          <Tabs
            value={tab}
            onValueChange={(value) => params.setTab(value as HistoryTab)}
            className="grid gap-4"
          >
            <TabsList className="h-auto w-full flex-wrap justify-start sm:w-fit">
              <TabsTrigger value="loot">{t('tabs.loot')}</TabsTrigger>
              <TabsTrigger value="activity">{t('tabs.activity')}</TabsTrigger>
            </TabsList>
            <HistoryToolbar
              tab={tab}
              search={search}
              rarity={rarity}
              event={event}
              events={events}
              onSearch={params.setSearch}
              onRarity={params.setRarity}
              onEvent={params.setEvent}
              onExport={isAdmin ? exportCsv : undefined}
              exporting={exporter.isPending}
            />
            <TabsContent value="loot" className="mt-0">
              <LootPanel
                query={loot}
                page={page}
                filtered={Boolean(search || rarity !== 'all' || event)}
                onPage={params.setPage}
              />
            </TabsContent>
            <TabsContent value="activity" className="mt-0">
              <ActivityPanel
                query={activity}
                page={page}
                filtered={Boolean(search || event)}
                onPage={params.setPage}
              />
            </TabsContent>
          </Tabs>
        </>
      )}
    </DashboardPage>
  )
}
