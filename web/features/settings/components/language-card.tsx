import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { LANGUAGES, type Language } from '@contract/enums'
import { SectionCard } from '@web/components/section-card'
import { Label } from '@web/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select'
import { runWithToast } from '@web/lib/error-handler'
import { currentLanguage, setLanguage } from '@web/lib/i18n'
import { saveProfileLanguage } from '@web/lib/session'

export function LanguageCard({ hasProfile }: { hasProfile: boolean }) {
  const { t, i18n } = useTranslation(['settings', 'common'])
  const queryClient = useQueryClient()
  const onChange = async (value: string) => {
    const language = value as Language
    // localStorage and the interface at once; the profile keeps it for e-mails and other devices.
    await setLanguage(language)
    // Said in the language just chosen: `t` still speaks the one this render had.
    const said = i18n.getFixedT(language, 'settings')
    await runWithToast(
      async () => {
        if (hasProfile) await saveProfileLanguage(queryClient, language)
      },
      said('language.changed'),
      said('language.saveError'),
    )
  }
  return (
    <SectionCard
      title={t('language.title')}
      description={t('language.description')}
      contentClassName="grid max-w-xs gap-2"
    >
      <Label htmlFor="settings-language">{t('language.label')}</Label>
      <Select value={currentLanguage()} onValueChange={(value) => void onChange(value)}>
        <SelectTrigger id="settings-language">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {LANGUAGES.map((language) => (
            <SelectItem key={language} value={language} lang={language}>
              {t(`languages.${language}`, { ns: 'common' })}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </SectionCard>
  )
}
