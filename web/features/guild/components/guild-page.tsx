import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { DashboardPage } from '@web/components/layout/page-states'
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert'
import { Skeleton } from '@web/components/ui/skeleton'
import { usePageTitle } from '@web/hooks/use-page-title'
import { errorCode } from '@web/lib/api-client'
import { useMe } from '@web/lib/session'
import { useGuild } from '../api/get-guild'
import { AdvancedSettingsCard } from './advanced-settings-card'
import { GuildDetailsCard } from './guild-details-card'
import { GuildStatsCard } from './guild-stats-card'
import { IntegrationsCard } from './integrations-card'
import { PublicLinkCard } from './public-link-card'
import { PublicVisibilityCard } from './public-visibility-card'
import { useErrorToast } from '@web/hooks/use-error-toast'

type Props = {
  /** What the route adds for every member below the stats, told whether they are an admin (the raid nights' settings). */
  sections?: (isAdmin: boolean) => ReactNode
  /** What the route adds for admins below the settings (the import, from its own feature). */
  adminTools?: ReactNode
}

export function GuildPage({ sections, adminTools }: Props) {
  const { t } = useTranslation('guild')
  usePageTitle(t('title'))
  const { data: me } = useMe()
  const { data: guild, error, isPending } = useGuild()
  const noGuild = errorCode(error) === 'NO_GUILD' || (me && !me.guild)
  const isAdmin = me?.profile?.role === 'guild_admin'

  useErrorToast(noGuild ? null : error, t('loadError'))

  return (
    <DashboardPage title={t('title')} subtitle={t('subtitle')} width="medium">
      {noGuild ? (
        <Alert variant="warning">
          <AlertTitle>{t('noGuild.title')}</AlertTitle>
          <AlertDescription>{t('noGuild.description')}</AlertDescription>
        </Alert>
      ) : isPending || !guild ? (
        <div className="grid gap-6" aria-busy="true">
          <Skeleton className="h-48 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : (
        <>
          <GuildDetailsCard guild={guild} isAdmin={isAdmin} />
          <PublicLinkCard slug={guild.slug} />
          <PublicVisibilityCard isAdmin={isAdmin} />
          <GuildStatsCard />
          {sections?.(isAdmin)}
          {isAdmin && <IntegrationsCard subscription={guild.subscription} />}
          {isAdmin && <AdvancedSettingsCard />}
          {isAdmin && adminTools}
        </>
      )}
    </DashboardPage>
  )
}
