import { useTranslation } from 'react-i18next'
import { PremiumTeaser } from '@web/components/layout/premium-teaser'

/**
 * Without an active subscription or live trial, the screen says what it would offer
 * (docs/product-rules.md, "Subscription").
 */
export function PremiumGate() {
  const { t } = useTranslation('history')
  return (
    <PremiumTeaser title={t('premium.title')} description={t('premium.description')} cta={t('premium.cta')} />
  )
}
