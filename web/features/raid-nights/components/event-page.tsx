import { lazy } from 'react'
import { ArrowLeft } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import type { RaidNightDetail } from '@contract/raid-nights'
import { LoadErrorAlert } from '@web/components/layout/page-states'
import { PremiumTeaser } from '@web/components/layout/premium-teaser'
import { buttonVariants } from '@web/components/ui/button'
import { Skeleton } from '@web/components/ui/skeleton'
import { useAddEditTarget } from '@web/hooks/use-add-edit-target'
import { useErrorToast } from '@web/hooks/use-error-toast'
import { usePageTitle } from '@web/hooks/use-page-title'
import { errorCode } from '@web/lib/api-client'
import { useRaidNight } from '../api/get-raid-night'
import { useAttendanceMarks } from '../hooks/use-attendance-marks'
import { useNightActions } from '../hooks/use-night-actions'
import { AttendanceEditor } from './attendance-editor'
import { NightAwards } from './night-awards'
import { NightHeader } from './night-header'
import { NightTotals } from './night-totals'
import { OnceShown } from '@web/components/once-shown'

const NightFormDialog = lazy(() =>
  import('./night-form-dialog').then((m) => ({ default: m.NightFormDialog })),
)

/** /dashboard/events/:id — one night: where it stands, its totals, its attendance and its awards. */
export function EventPage({ id }: { id: string }) {
  const { t } = useTranslation('events')
  const night = useRaidNight(id)
  usePageTitle(night.data?.name ?? t('title'))
  const code = errorCode(night.error)
  const notFound = code === 'NOT_FOUND'
  const gated = code === 'SUBSCRIPTION_REQUIRED'
  useErrorToast(notFound || gated ? null : night.error, t('night.loadError'))

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 p-4 md:p-6">
      <Link to="/dashboard/events" className={buttonVariants({ variant: 'ghost', className: 'w-fit' })}>
        <ArrowLeft aria-hidden />
        {t('night.back')}
      </Link>
      {night.data ? (
        <NightView night={night.data} />
      ) : gated ? (
        <PremiumTeaser ns="events" />
      ) : night.error ? (
        <LoadErrorAlert
          title={notFound ? t('night.notFound.title') : t('night.loadError')}
          help={notFound ? t('night.notFound.description') : null}
          retryLabel={t('retry')}
          onRetry={() => void night.refetch()}
        />
      ) : (
        <div className="grid gap-4" aria-busy="true">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-96 w-full" />
        </div>
      )}
    </div>
  )
}

function NightView({ night }: { night: RaidNightDetail }) {
  const navigate = useNavigate()
  const editing = useAddEditTarget<RaidNightDetail>()
  const actions = useNightActions({ onDeleted: () => void navigate('/dashboard/events', { replace: true }) })
  const marks = useAttendanceMarks(night)
  return (
    <>
      <NightHeader
        night={night}
        onEdit={() => editing.edit(night)}
        onCopy={() => void actions.copy(night)}
        onAction={(action) => actions.act(night, action)}
        busy={actions.busy}
      />
      <NightTotals rows={marks.rows} awards={night.awards} />
      <AttendanceEditor night={night} marks={marks} />
      <NightAwards night={night} />
      <OnceShown shown={editing.target !== null}>
        <NightFormDialog target={editing.target} timeZone={night.timeZone} onClose={editing.close} />
      </OnceShown>
      {actions.dialogs}
    </>
  )
}
