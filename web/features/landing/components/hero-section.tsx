import { ArrowRight } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { TRIAL_DAYS } from '@contract/plans'
import { Button } from '@web/components/ui/button'
import { useSiteLanguage } from '@web/hooks/use-site-language'
import { SIGN_UP_PATH } from '../site'
import { QueuePreview } from './queue-preview'

export function HeroSection() {
  const { t } = useTranslation('landing')
  const { path } = useSiteLanguage()
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_70%_-10%,color-mix(in_oklab,var(--primary)_18%,transparent),transparent)]"
      />
      <div className="mx-auto grid max-w-6xl items-center grid-cols-1 gap-10 px-4 py-14 sm:px-6 md:py-20 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]">
        <div>
          <p className="inline-flex rounded-full border bg-background px-3 py-1 text-xs font-medium text-muted-foreground">
            {t('hero.badge', { days: TRIAL_DAYS })}
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl"
          >
            {t('hero.title')}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-pretty text-muted-foreground">{t('hero.subtitle')}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg" className="px-6">
              <Link to={SIGN_UP_PATH}>
                {t('hero.cta', { days: TRIAL_DAYS })}
                <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline" className="px-6">
              <Link to={{ pathname: path('/'), hash: '#pricing' }}>{t('hero.secondary')}</Link>
            </Button>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">{t('hero.note')}</p>
        </div>
        <div className="flex justify-center lg:justify-end">
          <QueuePreview />
        </div>
      </div>
    </section>
  )
}
