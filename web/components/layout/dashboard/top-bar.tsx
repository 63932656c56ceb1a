import { useQueryClient } from '@tanstack/react-query'
import { PanelLeft } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Me } from '@contract/accounts'
import type { Language } from '@contract/enums'
import { Button } from '@web/components/ui/button'
import { handleError } from '@web/lib/error-handler'
import { saveProfileLanguage } from '@web/lib/session'
import { LanguageToggle } from '../language-toggle'
import { ThemeToggle } from '../theme-toggle'
import { useSidebar } from './sidebar-context'
import { UserMenu } from './user-menu'

export function TopBar({ me }: { me: Me }) {
  const { t } = useTranslation('dashboard')
  const queryClient = useQueryClient()
  const { toggle, open, openMobile, isMobile } = useSidebar()
  const onLanguage = (language: Language) => {
    // The interface has switched already; the profile keeps the choice for e-mails and other devices.
    if (me.profile) saveProfileLanguage(queryClient, language).catch((error) => handleError(error))
  }
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur md:px-4">
      <Button
        variant="ghost"
        size="icon"
        onClick={toggle}
        aria-label={t('sidebar.toggle')}
        aria-expanded={isMobile ? openMobile : open}
        title={t('sidebar.toggleHint')}
      >
        <PanelLeft aria-hidden />
      </Button>
      <div className="min-w-0 flex-1 truncate font-medium text-sm">{me.guild?.name}</div>
      <LanguageToggle onChange={onLanguage} />
      <ThemeToggle />
      <UserMenu me={me} />
    </header>
  )
}
