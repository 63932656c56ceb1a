import { CopyCheck, UserCheck } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { ATTENDANCE_UPDATE_MAX, type AttendanceRow, type RaidNightDetail } from '@contract/raid-nights'
import { ACTION_TOAST_DURATION } from '@web/components/app-toaster'
import { ConfirmDialog } from '@web/components/confirm-dialog'
import { PendingButton } from '@web/components/pending-button'
import { handleError } from '@web/lib/error-handler'
import { formatCalendarDate } from '@web/lib/format'
import { useRaidNight } from '../api/get-raid-night'
import { type PrefillSource, usePrefillAttendance } from '../api/prefill-attendance'
import { type AttendanceChange, useSetAttendance } from '../api/update-attendance'
import { useSingleFlight } from '@web/hooks/use-single-flight'

type Props = {
  night: RaidNightDetail
  /** The marks as shown: what a prefill replaces, and its undo puts back. */
  rows: AttendanceRow[]
  /** Some player is marked: a prefill replaces the marks, so it asks first. */
  hasMarks: boolean
  /** Saves the marks still on their way, so the prefill replaces them rather than they it. */
  beforePrefill: () => Promise<void>
}

/** Every active player's mark in one click: as on the previous night of the same name, or everyone present. */
export function PrefillButtons({ night, rows, hasMarks, beforePrefill }: Props) {
  const { t } = useTranslation('events')
  const prefill = usePrefillAttendance()
  const restore = useSetAttendance()
  // One prefill at a time, from the click on: the marks still on their way are saved first (beforePrefill).
  const flight = useSingleFlight()
  const busy = flight.pending || prefill.isPending
  const previous = useRaidNight(night.previousId)
  const [asking, setAsking] = useState<PrefillSource | null>(null)
  // While it closes, the dialog still says what it asked.
  const [shown, setShown] = useState(asking)
  if (asking !== null && asking !== shown) setShown(asking)
  // The source by its name and date: two nights of one day (of different names) read alike by date alone,
  // and the officer could not tell which one the copy takes (outside tester, 2026-12-07).
  const source = previous.data
    ? { name: previous.data.name, date: formatCalendarDate(previous.data.date) }
    : null

  // A copy can bring last week's no-shows along; "Desfazer" puts every mark back as it was before it.
  const putBack = async (before: AttendanceChange) => {
    try {
      await restore.mutateAsync(before)
      toast.success(t('attendance.prefill.undone'))
    } catch (error) {
      handleError(error, t('attendance.prefill.undoFailed'))
    }
  }
  const run = (from: PrefillSource) =>
    flight.run(async () => {
      try {
        const before = {
          nightId: night.id,
          entries: rows.map(({ playerId, status }) => ({ playerId, status })),
        }
        await beforePrefill()
        const { changed, unmarkedNoShows } = await prefill.mutateAsync({ nightId: night.id, from })
        const undoable = changed > 0 && before.entries.length <= ATTENDANCE_UPDATE_MAX
        const done = t('attendance.prefill.done', { count: changed })
        // A copy leaves last time's no-shows unmarked: said, so the officer marks who came (outside tester K).
        const description =
          unmarkedNoShows > 0
            ? t('attendance.prefill.noShowsUnmarked', { count: unmarkedNoShows })
            : undefined
        if (!undoable) toast.success(done, { description })
        else
          toast.success(done, {
            description,
            duration: ACTION_TOAST_DURATION,
            action: { label: t('attendance.prefill.undo'), onClick: () => void putBack(before) },
          })
        return true
      } catch (error) {
        handleError(error, t('attendance.prefill.failed'))
        return false
      }
    }, false)
  const choose = (from: PrefillSource) => (hasMarks ? setAsking(from) : void run(from))

  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-muted-foreground text-sm">{t('attendance.prefill.label')}</span>
      {night.previousId ? (
        <PendingButton
          variant="outline"
          size="sm"
          pending={prefill.isPending && prefill.variables?.from === 'previous'}
          disabled={busy}
          title={t('attendance.prefill.previousHint')}
          onClick={() => choose('previous')}
        >
          <CopyCheck aria-hidden />
          {source ? t('attendance.prefill.previous', source) : t('attendance.prefill.previousLoading')}
        </PendingButton>
      ) : (
        // The copy's source is a night of the same name that starts before this one (the server's
        // previousNightId): without one, the page says why there is no copy rather than leave it unexplained.
        <span className="text-muted-foreground text-sm" data-testid="prefill-no-previous">
          {t('attendance.prefill.noPrevious', { name: night.name })}
        </span>
      )}
      <PendingButton
        variant="outline"
        size="sm"
        pending={prefill.isPending && prefill.variables?.from === 'everyone'}
        disabled={busy}
        onClick={() => choose('everyone')}
      >
        <UserCheck aria-hidden />
        {t('attendance.prefill.everyone')}
      </PendingButton>
      <ConfirmDialog
        open={asking !== null}
        title={t('attendance.prefill.confirmTitle')}
        description={
          shown === 'previous'
            ? t('attendance.prefill.confirmPrevious', source ?? { name: '', date: '' })
            : t('attendance.prefill.confirmEveryone')
        }
        confirmLabel={t('attendance.prefill.confirm')}
        cancelLabel={t('attendance.prefill.keep')}
        busy={busy}
        onConfirm={() => (asking ? run(asking) : Promise.resolve(false))}
        onClose={() => setAsking(null)}
      />
    </div>
  )
}
