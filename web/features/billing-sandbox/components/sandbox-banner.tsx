import { FlaskConical } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert'

/** Nobody should mistake this page for a real payment: it says so first. */
export function SandboxBanner() {
  const { t } = useTranslation('subscription')
  return (
    <Alert variant="warning" data-testid="sandbox-banner">
      <FlaskConical aria-hidden className="size-4" />
      <AlertTitle>{t('sandboxPage.banner.title')}</AlertTitle>
      <AlertDescription>{t('sandboxPage.banner.description')}</AlertDescription>
    </Alert>
  )
}
