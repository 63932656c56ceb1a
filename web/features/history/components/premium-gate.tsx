import { useTranslation } from 'react-i18next'
import { PremiumTeaser } from '@web/components/layout/premium-teaser'

/** spec §2: without an active subscription or live trial, the screen says what it would offer. */
export function PremiumGate() {
  const { t } = useTranslation('history')
  return (
    <PremiumTeaser title={t('premium.title')} description={t('premium.description')} cta={t('premium.cta')} />
  )
}
