import { SectionCard } from '@web/components/section-card'
import { Check } from 'lucide-react'
import { useTranslation } from 'react-i18next'

// The Pro plan's features. No custom subdomain and no events screen exist (docs/product-rules.md, "Not
// built"), so neither is promised here; the Discord and webhook announcements, a Pro feature, are.
const FEATURES = ['announcements', 'players', 'history', 'queues', 'public', 'roles', 'support'] as const

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
