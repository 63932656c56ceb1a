import { useTranslation } from 'react-i18next'
import { TRIAL_DAYS } from '@contract/plans'
import { usePageTitle } from '@web/hooks/use-page-title'
import { FeaturesSection } from './features-section'
import { FinalCtaSection } from './final-cta-section'
import { HeroSection } from './hero-section'
import { PricingSection } from './pricing-section'
import { StepsSection } from './steps-section'

/** `/`: what LootQueue does, what it costs, and the way in. Kept light: no data fetching, no heavy libraries. */
export function LandingPage() {
  const { t } = useTranslation('landing')
  usePageTitle(t('meta.title'), t('meta.description', { days: TRIAL_DAYS }))
  return (
    <>
      <HeroSection />
      <FeaturesSection />
      <StepsSection />
      <PricingSection />
      <FinalCtaSection />
    </>
  )
}
