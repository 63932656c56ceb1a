import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import type { RaidNight, RaidNightAction } from '@contract/raid-nights'
import { ConfirmDialog } from '@web/components/confirm-dialog'
import { errorCode } from '@web/lib/api-client'
import { handleError, runWithToast } from '@web/lib/error-handler'
import { formatCalendarDate } from '@web/lib/format'
import { useChangeRaidNightStatus } from '../api/change-raid-night-status'
import { useCopyRaidNight } from '../api/copy-raid-night'
import { useDeleteRaidNight } from '../api/delete-raid-night'
import { needsConfirmation } from '../night-actions'

export type NightAction = RaidNightAction | 'delete'
type NightRef = Pick<RaidNight, 'id' | 'name' | 'phase' | 'awards'>
type Asked = { night: NightRef; action: 'complete' | 'cancel' | 'delete'; archiveInstead: boolean }

/**
 * What a night's buttons do, the same on the list and on its page: status actions (asked about first where
 * they matter), delete (always asked; a night with awards is archived instead) and copy. `dialogs` is the
 * confirmation, rendered once by the screen.
 */
export function useNightActions({ onDeleted }: { onDeleted?: () => void } = {}) {
  const { t } = useTranslation('events')
  const status = useChangeRaidNightStatus()
  const remove = useDeleteRaidNight()
  const copier = useCopyRaidNight()
  const [asked, setAsked] = useState<Asked | null>(null)
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
    if (action === 'delete') setAsked({ night, action, archiveInstead: night.awards > 0 })
    else if (needsConfirmation(night, action)) setAsked({ night, action, archiveInstead: false })
    else void changeStatus(night, action)
  }

  const copy = async (night: NightRef) => {
    try {
      const copied = await copier.mutateAsync(night.id)
      toast.success(t('toast.copied', { date: formatCalendarDate(copied.date) }))
    } catch (error) {
      handleError(error, t('toast.copyError'))
    }
  }

  const deleteNight = async (night: NightRef) => {
    try {
      await remove.mutateAsync(night.id)
    } catch (error) {
      // Items were handed out meanwhile: offer to archive it instead.
      if (errorCode(error) === 'RAID_NIGHT_HAS_AWARDS')
        setAsked({ night, action: 'delete', archiveInstead: true })
      else handleError(error, t('delete.failed'))
      return false
    }
    toast.success(t('delete.done'))
    onDeleted?.()
    return true
  }

  const confirm = async () => {
    if (!asked) return false
    const { night, action, archiveInstead } = asked
    if (action !== 'delete') return changeStatus(night, action)
    return archiveInstead ? changeStatus(night, 'archive') : deleteNight(night)
  }

  const group = !shown
    ? 'delete'
    : shown.action === 'delete'
      ? shown.archiveInstead
        ? 'archiveInstead'
        : 'delete'
      : shown.action === 'complete'
        ? 'confirmComplete'
        : 'confirmCancel'
  const text = (key: string) => t(`${group}.${key}`, { replace: { name: shown?.night.name ?? '' } })

  const dialogs = (
    <ConfirmDialog
      open={asked !== null}
      title={text('title')}
      description={text('description')}
      confirmLabel={text('confirm')}
      cancelLabel={group === 'confirmComplete' || group === 'confirmCancel' ? text('cancel') : undefined}
      busy={status.isPending || remove.isPending}
      onConfirm={confirm}
      onClose={() => setAsked(null)}
    />
  )

  return { act, copy, copying: copier.isPending, changing: status.isPending, dialogs }
}
