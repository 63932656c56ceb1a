import { useTranslation } from 'react-i18next'
import type { Notifications } from '@contract/accounts'
import { SectionCard } from '@web/components/section-card'
import { Label } from '@web/components/ui/label'
import { Switch } from '@web/components/ui/switch'
import { handleError } from '@web/lib/error-handler'
import { useUpdateNotifications } from '../api/update-notifications'

const KEYS = ['email', 'events', 'loot'] as const

export function NotificationsCard({ notifications }: { notifications: Notifications }) {
  const { t } = useTranslation('settings')
  const update = useUpdateNotifications()
  const set = (key: (typeof KEYS)[number], value: boolean) =>
    update.mutate(
      { ...notifications, [key]: value },
      { onError: (error) => handleError(error, t('notifications.error')) },
    )
  return (
    <SectionCard
      title={t('notifications.title')}
      description={t('notifications.description')}
      contentClassName="grid gap-4"
    >
      {KEYS.map((key) => (
        <div key={key} className="flex items-center justify-between gap-4">
          <div className="grid gap-1">
            <Label htmlFor={`notify-${key}`}>{t(`notifications.${key}.label`)}</Label>
            <p id={`notify-${key}-hint`} className="text-muted-foreground text-xs">
              {t(`notifications.${key}.hint`)}
            </p>
          </div>
          <Switch
            id={`notify-${key}`}
            aria-describedby={`notify-${key}-hint`}
            checked={notifications[key]}
            onCheckedChange={(value) => set(key, value)}
          />
        </div>
      ))}
    </SectionCard>
  )
}
