import { SectionCard } from '@web/components/section-card'
import { Check } from 'lucide-react'
import { useTranslation } from 'react-i18next'

// The Pro plan's features: the specification's list, events first (the events screen, a Pro feature), with the
// Discord and webhook announcements; no custom subdomain, which does not exist (docs/product-rules.md, "Not
// built").
const FEATURES = [
  'events',
  'announcements',
  'players',
  'history',
  'queues',
  'public',
  'roles',
  'support',
] as const

export function PlanFeaturesCard() {
  const { t } = useTranslation('subscription')
  return (
    <SectionCard title={t('features.title')} description={t('features.subtitle')}>
      <ul className="grid gap-2 text-sm" aria-label={t('features.title')}>
        {FEATURES.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
            {t(`features.items.${feature}`)}
          </li>
        ))}
      </ul>
    </SectionCard>
  )
}
