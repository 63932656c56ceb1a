import { FlaskConical } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription } from '@web/components/ui/alert'

/** Nobody should mistake this page for a real payment: it says so first. */
export function SandboxBanner() {
  const { t } = useTranslation('subscription')
  return (
    <Alert variant="warning" data-testid="sandbox-banner">
      <FlaskConical aria-hidden className="size-4" />
      <h2 className="mb-1 font-medium leading-none tracking-tight">{t('sandboxPage.banner.title')}</h2>
      <AlertDescription>{t('sandboxPage.banner.description')}</AlertDescription>
    </Alert>
  )
}
