import { useTranslation } from 'react-i18next'
import { DashboardPage } from '@web/components/layout/page-states'
import { usePageTitle } from '@web/hooks/use-page-title'
import { useMe } from '@web/lib/session'
import { DangerZoneCard } from './danger-zone-card'
import { LanguageCard } from './language-card'
import { NotificationsCard } from './notifications-card'
import { PasswordCard } from './password-card'

export function SettingsPage() {
  const { t } = useTranslation('settings')
  usePageTitle(t('title'))
  const { data: me } = useMe()
  if (!me) return null
  return (
    <DashboardPage title={t('title')} subtitle={t('subtitle')} width="narrow">
      <LanguageCard hasProfile={Boolean(me.profile)} />
      <PasswordCard />
      {me.profile && <NotificationsCard notifications={me.profile.notifications} />}
      <DangerZoneCard me={me} />
    </DashboardPage>
  )
}
