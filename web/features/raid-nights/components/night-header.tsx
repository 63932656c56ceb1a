import { CopyPlus, Pencil, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { RaidNightDetail } from '@contract/raid-nights'
import { Detail } from '@web/components/detail'
import { Button } from '@web/components/ui/button'
import { ACTIONS_FROM, offersDelete } from '../night-actions'
import { zoneLabel } from '@web/lib/format'
import { ZoneTag } from '@web/components/zone-tag'
import { nightDate, nightTimes } from '../night-format'
import { nightStanding } from '../night-standing'
import { type NightAction, STATUS_ACTION } from '../hooks/use-night-actions'
import { NightBadge } from './night-badges'
import { ACTION_ICON } from './night-status-icons'

type Props = {
  night: RaidNightDetail
  onEdit: () => void
  onCopy: () => void
  onAction: (action: NightAction) => void
  busy: boolean
}

/** The night's name, where it stands, when (on the guild's clock), its description, and what can be done. */
export function NightHeader({ night, onEdit, onCopy, onAction, busy }: Props) {
  const { t } = useTranslation('events')
  // A night whose hours are over and was never completed: completing it is what is left to do (it sends the recap).
  const toComplete = nightStanding(night) === 'ended'
  return (
    <header className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        {/* The badge as wide as its word, like the list's: a grid's child stretches to the title's width. */}
        <div className="grid justify-items-start gap-2">
          <h1 className="font-bold text-2xl tracking-tight">{night.name}</h1>
          <NightBadge night={night} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onEdit} disabled={busy}>
            <Pencil aria-hidden />
            {t('night.edit')}
          </Button>
          <Button variant="outline" size="sm" onClick={onCopy} disabled={busy}>
            <CopyPlus aria-hidden />
            {t('actions.copy')}
          </Button>
          {ACTIONS_FROM[night.status].map((action) => {
            const Icon = ACTION_ICON[action]
            return (
              <Button
                key={action}
                variant={toComplete && action === 'complete' ? 'default' : 'outline'}
                size="sm"
                onClick={() => onAction(action)}
                disabled={busy}
                {...{ [STATUS_ACTION]: '' }}
              >
                <Icon aria-hidden />
                {t(`actions.${action}`)}
              </Button>
            )
          })}
          {offersDelete(night) && (
            <Button
              variant="outline"
              size="sm"
              className="text-destructive hover:text-destructive"
              onClick={() => onAction('delete')}
              disabled={busy}
            >
              <Trash2 aria-hidden />
              {t('actions.delete')}
            </Button>
          )}
        </div>
      </div>
      <dl className="grid gap-4 sm:grid-cols-3">
        <Detail label={t('night.when')}>
          <span data-testid="night-when">
            {nightDate(night)} · {nightTimes(night)}
            <ZoneTag zone={night.timeZone} at={[night.startsAt, night.runsUntil]} />
          </span>
        </Detail>
        <Detail label={t('night.zone')} valueClassName="">
          {/* The offset the night itself has (summer time or not), not today's. */}
          {zoneLabel(night.timeZone, new Date(night.startsAt))}
        </Detail>
        {night.description && (
          <Detail label={t('night.descriptionLabel')} valueClassName="whitespace-pre-line wrap-anywhere">
            {night.description}
          </Detail>
        )}
      </dl>
    </header>
  )
}
