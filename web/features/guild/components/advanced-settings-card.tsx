import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card'

/** Admins only: what each guild setting does and where the rest lives. */
export function AdvancedSettingsCard() {
  const { t } = useTranslation('guild')
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('advanced.title')}</CardTitle>
        <CardDescription>{t('advanced.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid list-disc gap-2 pl-5 text-muted-foreground text-sm">
          <li>{t('advanced.password')}</li>
          <li>{t('advanced.slug')}</li>
          <li>{t('advanced.rules')}</li>
          <li>
            {t('advanced.delete')}{' '}
            <Link to="/dashboard/settings" className="text-primary underline-offset-4 hover:underline">
              {t('advanced.settingsLink')}
            </Link>
          </li>
        </ul>
      </CardContent>
    </Card>
  )
}
