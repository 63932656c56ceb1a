import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import type { RaidNight, RaidNightAction } from '@contract/raid-nights'
import { ACTION_TOAST_DURATION } from '@web/components/app-toaster'
import { ConfirmDialog } from '@web/components/confirm-dialog'
import { errorCode } from '@web/lib/api-client'
import { handleError, runWithToast } from '@web/lib/error-handler'
import { afterRowRemoved, type RowPlace, rowPlaceOf } from '@web/lib/focus-place'
import { formatCalendarDate } from '@web/lib/format'
import { useChangeRaidNightStatus } from '../api/change-raid-night-status'
import { useCopyRaidNight } from '../api/copy-raid-night'
import { useDeleteRaidNight } from '../api/delete-raid-night'
import { needsConfirmation } from '../night-actions'
import { useSingleFlight } from '@web/hooks/use-single-flight'

export type NightAction = RaidNightAction | 'delete'
type NightRef = Pick<RaidNight, 'id' | 'name' | 'phase' | 'awards'>
/** The element a question was asked from, and the list row it is in, if any. */
type AskedFrom = { opener: Element | null; row: RowPlace | null }
/** What the dialog asks; `archiveInstead`: the night has awards, so it cannot be deleted nor cancelled. */
type Asked = {
  night: NightRef
  action: 'complete' | 'cancel' | 'archive' | 'delete'
  archiveInstead: boolean
}

/**
 * What a night's buttons do, the same on the list and on its page: status actions (asked about first where
 * they matter), delete and cancel (asked first; a night with awards is archived instead, said up front when
 * the screen knows of them, else when the server refuses) and copy, whose notice opens the copy (every copy
 * has the night's name: the officer should not have to find it by its date). One change at a time: a double click
 * makes one request. `dialogs` is the confirmation, rendered once by the screen; `busy`, the buttons wait.
 */
export function useNightActions({ onDeleted }: { onDeleted?: () => void } = {}) {
  const { t } = useTranslation('events')
  const status = useChangeRaidNightStatus()
  const remove = useDeleteRaidNight()
  const copier = useCopyRaidNight()
  const navigate = useNavigate()
  const flight = useSingleFlight()
  const [asked, setAsked] = useState<Asked | null>(null)
  // The button the question was asked from, and where it stands (a night's page, a list's row): a change the
  // night's status takes that button away (Concluir becomes Reabrir; the row moves to the past nights).
  const [from, setFrom] = useState<AskedFrom>({ opener: null, row: null })
  // While it closes, the dialog still shows what it asked.
  const [shown, setShown] = useState(asked)
  if (asked !== null && asked !== shown) setShown(asked)

  const changeStatus = (night: NightRef, action: RaidNightAction) =>
    runWithToast(
      () => status.mutateAsync({ id: night.id, action }),
      t(`done.${action}`),
      t(`failed.${action}`),
    )

  const act = (night: NightRef, action: NightAction) => {
    setFrom({ opener: document.activeElement, row: rowPlaceOf(document.activeElement) })
    // A night with awards did happen: it is never deleted nor cancelled, only archived. Said before asking.
    if ((action === 'delete' || action === 'cancel') && night.awards > 0)
      setAsked({ night, action, archiveInstead: true })
    else if (action === 'delete' || needsConfirmation(night, action))
      setAsked({ night, action, archiveInstead: false })
    else void flight.run(() => changeStatus(night, action), false)
  }

  const copy = (night: NightRef) =>
    flight.run(async () => {
      try {
        const copied = await copier.mutateAsync(night.id)
        toast.success(t('toast.copied', { date: formatCalendarDate(copied.date) }), {
          duration: ACTION_TOAST_DURATION,
          action: {
            label: t('toast.openCopy'),
            onClick: () => void navigate(`/dashboard/events/${copied.id}`),
          },
        })
      } catch (error) {
        // Copied already (or another night took those hours): said as such, the refusal naming that night.
        const overlap = errorCode(error) === 'RAID_NIGHT_OVERLAP'
        handleError(error, overlap ? t('toast.copyOverlap') : t('toast.copyError'))
      }
    }, undefined)

  /** Deletes or cancels the night; items handed out meanwhile turn the question into "archive it instead?". */
  const deleteOrCancel = async (night: NightRef, action: 'delete' | 'cancel') => {
    try {
      if (action === 'delete') await remove.mutateAsync(night.id)
      else await status.mutateAsync({ id: night.id, action })
    } catch (error) {
      if (errorCode(error) === 'RAID_NIGHT_HAS_AWARDS') setAsked({ night, action, archiveInstead: true })
      else handleError(error, action === 'delete' ? t('delete.failed') : t('failed.cancel'))
      return false
    }
    toast.success(action === 'delete' ? t('delete.done') : t('done.cancel'))
    if (action === 'delete') onDeleted?.()
    return true
  }

  const confirm = () =>
    flight.run(async () => {
      if (!asked) return false
      const { night, action, archiveInstead } = asked
      if (archiveInstead) return changeStatus(night, 'archive')
      return action === 'complete' || action === 'archive'
        ? changeStatus(night, action)
        : deleteOrCancel(night, action)
    }, false)

  const group = dialogGroup(shown)
  const text = (key: string) => t(`${group}.${key}`, { replace: { name: shown?.night.name ?? '' } })
  const busy = flight.pending || status.isPending || remove.isPending || copier.isPending

  const dialogs = (
    <ConfirmDialog
      open={asked !== null}
      title={text('title')}
      description={text('description')}
      confirmLabel={text('confirm')}
      cancelLabel={text('cancel')}
      busy={busy}
      onConfirm={confirm}
      focusAfterConfirm={() => placeAfterChange(from)}
      onClose={() => setAsked(null)}
    />
  )

  return { act, copy, busy, dialogs }
}

/** The mark of the buttons that change a night's status (night-header.tsx): one replaces another after a change. */
export const STATUS_ACTION = 'data-night-status-action'

/**
 * Where focus goes after a confirmed change asked from `opener`: the opener while it is there; once the change
 * replaced it, the status button now beside the others on the night's page (Reabrir after Concluir), or the row
 * now in its row's place on a list, or the page's heading (web/lib/focus-place.ts).
 */
function placeAfterChange({ opener, row }: AskedFrom): HTMLElement | null {
  if (opener instanceof HTMLElement && opener.isConnected) return opener
  return document.querySelector<HTMLElement>(`[${STATUS_ACTION}]`) ?? afterRowRemoved(row)
}

/** The texts' group (events namespace) of what the dialog asks. */
function dialogGroup(asked: Asked | null) {
  if (!asked) return 'delete'
  const { night, action, archiveInstead } = asked
  if (archiveInstead) return action === 'cancel' ? 'cancelArchiveInstead' : 'archiveInstead'
  if (action === 'complete') return night.phase === 'upcoming' ? 'confirmCompleteEarly' : 'confirmComplete'
  if (action === 'archive') return 'confirmArchive'
  return action === 'delete' ? 'delete' : 'confirmCancel'
}
