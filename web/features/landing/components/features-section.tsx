import { Globe, History, ListOrdered, type LucideIcon, Scale, Undo2, Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { FREE_INVITE_SLOTS } from '@contract/plans'
import { currentLanguage } from '@web/lib/i18n'
import { planPrices } from '../pricing'
import { LandingSection } from './landing-section'

const FEATURES: { key: string; icon: LucideIcon }[] = [
  { key: 'queues', icon: ListOrdered },
  { key: 'rules', icon: Scale },
  { key: 'public', icon: Globe },
  { key: 'history', icon: History },
  { key: 'team', icon: Users },
  { key: 'undo', icon: Undo2 },
]

export function FeaturesSection() {
  const { t } = useTranslation('landing')
  const { extraInvite } = planPrices(currentLanguage())
  return (
    <LandingSection
      name="features"
      anchor
      title={t('features.title')}
      subtitle={t('features.subtitle')}
      className="bg-muted/40"
    >
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ key, icon: Icon }) => (
          <li key={key} className="rounded-xl border bg-card p-6 text-card-foreground shadow-sm">
            <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <Icon aria-hidden className="size-5" />
            </span>
            <h3 className="mt-4 font-semibold">{t(`features.items.${key}.title`)}</h3>
            <p className="mt-2 text-sm text-muted-foreground">
              {t(`features.items.${key}.text`, { slots: FREE_INVITE_SLOTS, price: extraInvite })}
            </p>
          </li>
        ))}
      </ul>
    </LandingSection>
  )
}
