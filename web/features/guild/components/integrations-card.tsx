import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Subscription } from '@contract/accounts'
import { SectionCard } from '@web/components/section-card'
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert'
import { Button } from '@web/components/ui/button'
import { Separator } from '@web/components/ui/separator'
import { Skeleton } from '@web/components/ui/skeleton'
import { useIntegrations } from '../api/get-integrations'
import { IntegrationSection } from './integration-section'

/**
 * Admins only: Discord and the signed webhook. Setting up and testing are Pro; without Pro the settings stay
 * readable and removable, and the card says why nothing is announced (docs/decisions/011-integrations.md).
 */
export function IntegrationsCard({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation('guild')
  const integrations = useIntegrations()
  return (
    <SectionCard
      title={t('integrations.title')}
      description={t('integrations.description')}
      contentClassName="grid gap-6"
    >
      {!subscription.allowed && (
        <Alert variant="warning">
          <AlertTitle>{t('integrations.pro.title')}</AlertTitle>
          <AlertDescription className="grid gap-2">
            <p>{t('integrations.pro.description')}</p>
            <Button asChild variant="outline" size="sm" className="w-fit">
              <Link to="/dashboard/subscription">{t('integrations.pro.cta')}</Link>
            </Button>
          </AlertDescription>
        </Alert>
      )}
      {integrations.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : integrations.error || !integrations.data ? (
        <p className="text-muted-foreground text-sm">{t('integrations.loadError')}</p>
      ) : (
        <>
          <IntegrationSection
            kind="discord"
            saved={integrations.data.discord}
            allowed={subscription.allowed}
          />
          <Separator />
          <IntegrationSection
            kind="webhook"
            saved={integrations.data.webhook}
            allowed={subscription.allowed}
          />
        </>
      )}
    </SectionCard>
  )
}
