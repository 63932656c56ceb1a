import { useTranslation } from 'react-i18next'
import { TRIAL_DAYS } from '@contract/plans'

const STEPS = ['create', 'fill', 'share'] as const

export function StepsSection() {
  const { t } = useTranslation('landing')
  return (
    <section aria-labelledby="steps-title" className="border-t">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-20">
        <h2 id="steps-title" className="text-3xl font-bold tracking-tight">
          {t('steps.title')}
        </h2>
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
      </div>
    </section>
  )
}
