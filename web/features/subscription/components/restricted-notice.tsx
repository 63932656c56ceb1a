import { Lock } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Card, CardDescription, CardHeader } from '@web/components/ui/card'

/** A member sees why the screen is empty for them (docs/product-rules.md, "Screens"). */
export function RestrictedNotice() {
  const { t } = useTranslation('subscription')
  return (
    <Card className="mx-auto w-full max-w-lg text-center">
      <CardHeader className="items-center">
        <Lock className="size-10 text-primary" aria-hidden />
        <h2 className="text-xl font-semibold leading-none tracking-tight">{t('restricted.title')}</h2>
        <CardDescription>{t('restricted.description')}</CardDescription>
      </CardHeader>
    </Card>
  )
}
