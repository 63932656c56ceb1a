import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Download } from 'lucide-react'
import { SectionCard } from '@web/components/section-card'
import { buttonVariants } from '@web/components/ui/button'

/** Admins only: what each guild setting does and where the rest lives. */
export function AdvancedSettingsCard() {
  const { t } = useTranslation('guild')
  return (
    <SectionCard title={t('advanced.title')} description={t('advanced.description')}>
      <ul className="grid list-disc gap-2 pl-5 text-muted-foreground text-sm">
        <li>{t('advanced.password')}</li>
        <li>{t('advanced.slug')}</li>
        <li>{t('advanced.rules')}</li>
        <li>
          {t('advanced.delete')}{' '}
          <Link to="/dashboard/settings" className="text-primary underline underline-offset-4">
            {t('advanced.settingsLink')}
          </Link>
        </li>
      </ul>
      <div className="mt-4 grid gap-2">
        <a
          href="/api/v1/guild/export"
          download
          className={buttonVariants({ variant: 'outline', className: 'w-fit' })}
        >
          <Download aria-hidden />
          {t('advanced.export')}
        </a>
        <p className="text-muted-foreground text-xs">{t('advanced.exportHint')}</p>
      </div>
    </SectionCard>
  )
}
