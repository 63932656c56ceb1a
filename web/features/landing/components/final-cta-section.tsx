import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '@web/components/ui/button'
import { SIGN_UP_PATH } from '../site'

export function FinalCtaSection() {
  const { t } = useTranslation('landing')
  return (
    <section aria-labelledby="final-cta-title" className="border-t">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <div className="rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground sm:px-12">
          <h2 id="final-cta-title" className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
            {t('finalCta.title')}
          </h2>
          <p className="mx-auto mt-3 max-w-xl">{t('finalCta.text')}</p>
          <Button asChild size="lg" variant="secondary" className="mt-8">
            <Link to={SIGN_UP_PATH}>{t('finalCta.button')}</Link>
          </Button>
        </div>
      </div>
    </section>
  )
}
