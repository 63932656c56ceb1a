import { Languages } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { LANGUAGES, type Language } from '@contract/enums'
import { Button } from '@web/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu'
import { currentLanguage, setLanguage } from '@web/lib/i18n'

/**
 * PT/EN switch used on every screen. `onChange` lets a signed-in screen also save the choice on the profile.
 */
export function LanguageToggle({ onChange }: { onChange?: (language: Language) => void }) {
  const { t, i18n } = useTranslation('common')
  const language = currentLanguage()
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* The name contains the visible "PT"/"EN" (WCAG 2.5.3) and says what it changes. */}
        <Button variant="ghost" size="sm" aria-label={`${t('language')}: ${i18n.language.toUpperCase()}`}>
          <Languages aria-hidden />
          <span>{i18n.language.toUpperCase()}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuRadioGroup
          value={language}
          onValueChange={(value) => {
            const next = value as Language
            void setLanguage(next)
            onChange?.(next)
          }}
        >
          {LANGUAGES.map((lang) => (
            <DropdownMenuRadioItem key={lang} value={lang} lang={lang}>
              {t(`languages.${lang}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
