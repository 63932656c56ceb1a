import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { TRIAL_DAYS } from '@contract/plans'
import { usePageTitle } from '@web/hooks/use-page-title'
import { FaqAccordion } from './faq-accordion'
import { FaqContact } from './faq-contact'

/** The FAQ as shown on `/faq` and inside the dashboard (`/dashboard/faq`); the caller supplies the frame. */
export function FaqContent({ supportEmail }: { supportEmail: string }) {
  const { t } = useTranslation('faq')
  const { hash } = useLocation()
  usePageTitle(t('title'), t('description', { days: TRIAL_DAYS }))
  return (
    <div className="flex flex-col gap-10">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('intro')}</p>
      </header>
      <FaqAccordion
        supportEmail={supportEmail}
        openKey={hash ? decodeURIComponent(hash.slice(1)) : undefined}
      />
      <FaqContact supportEmail={supportEmail} />
    </div>
  )
}
