import { useTranslation } from 'react-i18next'
import type { InviteSlots as Slots } from '@contract/members'

/** How many invitation slots are taken (pending + accepted) out of 3 + the purchased extras. */
export function InviteSlots({ slots }: { slots: Slots }) {
  const { t } = useTranslation('users')
  const percent = slots.limit > 0 ? Math.min(100, Math.round((slots.used / slots.limit) * 100)) : 100
  return (
    <div className="grid gap-2" data-testid="invite-slots">
      <p className="text-sm font-medium">{t('slots.usage', { used: slots.used, limit: slots.limit })}</p>
      <div className="h-2 w-full max-w-sm overflow-hidden rounded-full bg-muted" aria-hidden>
        <div
          className={slots.used >= slots.limit ? 'h-full bg-warning' : 'h-full bg-primary'}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-xs text-muted-foreground">
        {t('slots.help')}
        {slots.extraInvites > 0 && ` ${t('slots.extra', { count: slots.extraInvites })}`}
      </p>
    </div>
  )
}
