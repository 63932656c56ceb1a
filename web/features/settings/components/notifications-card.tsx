import { useTranslation } from 'react-i18next'
import type { Notifications } from '@contract/accounts'
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card'
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
    <Card>
      <CardHeader>
        <h2 className="font-semibold leading-none tracking-tight">{t('notifications.title')}</h2>
        <CardDescription>{t('notifications.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
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
      </CardContent>
    </Card>
  )
}
