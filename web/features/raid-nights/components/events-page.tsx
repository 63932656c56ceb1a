import { CalendarClock, History, Plus } from 'lucide-react'
import { useCallback, useState, lazy } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import type { RaidNight, RaidNightList } from '@contract/raid-nights'
import { DashboardPage, LoadErrorAlert, NoGuildAlert } from '@web/components/layout/page-states'
import { PremiumTeaser } from '@web/components/layout/premium-teaser'
import { Button } from '@web/components/ui/button'
import { useAddEditTarget } from '@web/hooks/use-add-edit-target'
import { useErrorToast } from '@web/hooks/use-error-toast'
import { usePageTitle } from '@web/hooks/use-page-title'
import { errorCode } from '@web/lib/api-client'
import { useMe } from '@web/lib/session'
import { useRaidNights } from '../api/get-raid-nights'
import { useNightActions } from '../hooks/use-night-actions'
import { CalendarFeedCard } from './calendar-feed-card'
import { GuildClockNote } from './guild-clock-note'
import { NightsSection } from './nights-section'
import { NightsTable } from './nights-table'
import { OnceShown } from '@web/components/once-shown'

const NightFormDialog = lazy(() =>
  import('./night-form-dialog').then((m) => ({ default: m.NightFormDialog })),
)

const GATES = ['SUBSCRIPTION_REQUIRED', 'NO_GUILD']

/** The past list's page lives in the address (?page=), so a reload or the back button shows the same nights. */
function usePastPage() {
  const [params, setParams] = useSearchParams()
  const page = Number(params.get('page'))
  const setPage = useCallback(
    (next: number) =>
      setParams(next > 1 ? { page: String(next) } : {}, {
        replace: true,
      }),
    [setParams],
  )
  return [Number.isInteger(page) && page >= 1 ? page : 1, setPage] as const
}

/** /dashboard/events: upcoming and past nights, their actions, and the guild's calendar address. */
export function EventsPage() {
  const { t } = useTranslation('events')
  usePageTitle(t('title'))
  const isAdmin = useMe().data?.profile?.role === 'guild_admin'
  const [pastPage, setPastPage] = usePastPage()
  const [upcomingPage, setUpcomingPage] = useState(1)
  const upcoming = useRaidNights('upcoming', upcomingPage)
  const past = useRaidNights('past', pastPage)
  const editing = useAddEditTarget<RaidNight>()
  const actions = useNightActions()

  // The server decides access: either list answering 402 or NO_GUILD decides the screen.
  const codes = [upcoming.error, past.error].map(errorCode)
  const gated = codes.includes('SUBSCRIPTION_REQUIRED')
  const noGuild = codes.includes('NO_GUILD')
  const failure = [upcoming.error, past.error].find((e) => e && !GATES.includes(errorCode(e) ?? ''))
  useErrorToast(failure, t('toast.loadError'))
  const timeZone = upcoming.data?.timeZone ?? past.data?.timeZone
  const open = gated || noGuild ? null : timeZone

  // Each list says the guild's zone its nights' times are on.
  const table = (list: RaidNightList | undefined, caption: string) => (
    <NightsTable
      nights={list?.nights ?? []}
      timeZone={list?.timeZone ?? ''}
      caption={caption}
      onEdit={editing.edit}
      onCopy={(night) => void actions.copy(night)}
      onAction={actions.act}
      busy={actions.busy}
    />
  )

  return (
    <DashboardPage
      title={t('title')}
      subtitle={t('subtitle')}
      width="wide"
      actions={
        open && (
          <Button onClick={editing.add}>
            <Plus aria-hidden />
            {t('add')}
          </Button>
        )
      }
    >
      {noGuild ? (
        <NoGuildAlert ns="events" />
      ) : gated ? (
        <PremiumTeaser ns="events" />
      ) : (
        <>
          {failure && (
            <LoadErrorAlert
              title={t('toast.loadError')}
              help={t('loadErrorHelp')}
              retryLabel={t('retry')}
              onRetry={() => {
                void upcoming.refetch()
                void past.refetch()
              }}
            />
          )}
          {timeZone && <GuildClockNote timeZone={timeZone} isAdmin={isAdmin} />}
          <NightsSection
            title={t('upcoming.title')}
            description={t('upcoming.description')}
            icon={CalendarClock}
            query={upcoming}
            page={upcomingPage}
            onPage={setUpcomingPage}
            empty={{
              title: t('upcoming.empty'),
              action: open && (
                <Button variant="outline" onClick={editing.add}>
                  <Plus aria-hidden />
                  {t('add')}
                </Button>
              ),
            }}
          >
            {table(upcoming.data, t('upcoming.caption'))}
          </NightsSection>
          <NightsSection
            title={t('past.title')}
            description={t('past.description')}
            icon={History}
            query={past}
            page={pastPage}
            onPage={setPastPage}
            empty={{ title: t('past.empty') }}
          >
            {table(past.data, t('past.caption'))}
          </NightsSection>
          <CalendarFeedCard isAdmin={isAdmin} />
        </>
      )}
      {open && (
        <OnceShown shown={editing.target !== null}>
          <NightFormDialog target={editing.target} timeZone={open} onClose={editing.close} />
        </OnceShown>
      )}
      {actions.dialogs}
    </DashboardPage>
  )
}
