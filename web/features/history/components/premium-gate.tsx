import { Lock } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonVariants } from '@web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card'

/** spec §2: without an active subscription or live trial, the screen says what it would offer. */
export function PremiumGate() {
  const { t } = useTranslation('history')
  return (
    <Card className="mx-auto w-full max-w-lg text-center">
      <CardHeader className="items-center">
        <Lock className="size-10 text-primary" aria-hidden />
        <h2 className="text-xl font-semibold leading-none tracking-tight">{t('premium.title')}</h2>
        <CardDescription>{t('premium.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Link to="/dashboard/subscription" className={buttonVariants()}>
          {t('premium.cta')}
        </Link>
      </CardContent>
    </Card>
  )
}
