import { Check } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { FREE_INVITE_SLOTS, TRIAL_DAYS } from '@contract/plans'
import { Badge } from '@web/components/ui/badge'
import { Button } from '@web/components/ui/button'
import { cn } from '@web/lib/cn'
import { currentLanguage } from '@web/lib/i18n'
import { planPrices } from '../pricing'
import { SIGN_UP_PATH } from '../site'
import { LandingSection } from './landing-section'

// The Pro plan's promises, as the subscription page lists them (web/features/subscription/components/
// plan-features-card.tsx; docs/product-rules.md, "Not built"), in the landing's words.
const INCLUDED = [
  'events',
  'announcements',
  'unlimited',
  'public',
  'history',
  'team',
  'ranks',
  'export',
  'support',
] as const

function PlanCard({
  plan,
  price,
  featured,
}: {
  plan: 'monthly' | 'yearly'
  price: string
  featured?: boolean
}) {
  const { t } = useTranslation('landing')
  const prices = planPrices(currentLanguage())
  return (
    <article
      aria-labelledby={`plan-${plan}`}
      className={cn(
        'flex flex-col rounded-2xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8',
        featured && 'border-primary shadow-md ring-1 ring-primary',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={`plan-${plan}`} className="text-lg font-semibold">
          {t(`pricing.${plan}.name`)}
        </h3>
        {plan === 'yearly' && <Badge>{t('pricing.yearly.badge')}</Badge>}
      </div>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-extrabold tracking-tight" data-testid={`price-${plan}`}>
          {price}
        </span>
        <span className="text-muted-foreground">{t(`pricing.${plan}.period`)}</span>
      </p>
      <p className="mt-1 text-sm text-muted-foreground">
        {t('pricing.perGuild')} · {t(`pricing.${plan}.billing`)}
      </p>
      {plan === 'yearly' && (
        <p className="mt-1 text-sm font-medium text-primary">
          {t('pricing.yearly.save', { amount: prices.yearlySaving })}
        </p>
      )}
      <h4 className="mt-6 text-sm font-medium">{t('pricing.includes')}</h4>
      <ul className="mt-3 flex flex-1 flex-col gap-2 text-sm">
        {INCLUDED.map((key) => (
          <li key={key} className="flex gap-2">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
            {t(`pricing.features.${key}`, { slots: FREE_INVITE_SLOTS })}
          </li>
        ))}
      </ul>
      <Button asChild size="lg" variant={featured ? 'default' : 'outline'} className="mt-8 w-full">
        <Link to={SIGN_UP_PATH}>{t('pricing.cta')}</Link>
      </Button>
    </article>
  )
}

export function PricingSection() {
  const { t } = useTranslation('landing')
  const prices = planPrices(currentLanguage())
  return (
    <LandingSection
      name="pricing"
      anchor
      centered
      title={t('pricing.title')}
      subtitle={t('pricing.subtitle', { days: TRIAL_DAYS })}
    >
      <div className="mx-auto mt-10 grid max-w-4xl gap-6 md:grid-cols-2">
        <PlanCard plan="monthly" price={prices.monthly} />
        <PlanCard plan="yearly" price={prices.yearly} featured />
      </div>
      <div className="mt-8 flex flex-col items-center gap-1 text-center text-sm text-muted-foreground">
        <p>{t('pricing.trialNote', { days: TRIAL_DAYS })}</p>
        <p>
          {t('pricing.extraInvite', { price: prices.extraInvite })} {t('pricing.currencyNote')}
        </p>
      </div>
    </LandingSection>
  )
}
