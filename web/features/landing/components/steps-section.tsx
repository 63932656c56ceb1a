import { useTranslation } from 'react-i18next'
import { TRIAL_DAYS } from '@contract/plans'
import { LandingSection } from './landing-section'

const STEPS = ['create', 'fill', 'share'] as const

export function StepsSection() {
  const { t } = useTranslation('landing')
  return (
    <LandingSection name="steps" title={t('steps.title')}>
      <ol className="mt-10 grid gap-8 md:grid-cols-3">
        {STEPS.map((key, index) => (
          <li key={key} className="flex gap-4">
            <span
              aria-hidden
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
            >
              {index + 1}
            </span>
            <div>
              <h3 className="font-semibold">{t(`steps.items.${key}.title`)}</h3>
              <p className="mt-1 text-sm text-muted-foreground">
                {t(`steps.items.${key}.text`, { days: TRIAL_DAYS })}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </LandingSection>
  )
}
