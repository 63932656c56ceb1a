import { useTranslation } from 'react-i18next'
import { usePageTitle } from '@web/hooks/use-page-title'

/** A dashboard screen that a later issue builds: its title and nothing that pretends to work (inside the shell's <main>). */
export function PageTitleOnly({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('common')
  usePageTitle(t(titleKey))
  return (
    <div className="mx-auto max-w-5xl p-6">
      <h1 className="text-2xl font-bold">{t(titleKey)}</h1>
    </div>
  )
}
