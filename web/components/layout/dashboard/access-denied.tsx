import { useQueryClient } from '@tanstack/react-query'
import { ShieldX } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { MessageCard, messageTexts } from '@web/components/layout/message-card'
import { Button } from '@web/components/ui/button'
import { usePageTitle } from '@web/hooks/use-page-title'
import { signOut } from '@web/lib/session'

/**
 * A deactivated profile is signed out (the server already revoked every session) and told why
 * (docs/product-rules.md, "Screens").
 */
export function AccessDenied() {
  const { t } = useTranslation('dashboard')
  usePageTitle(t('accessDenied.title'))
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const again = async () => {
    await signOut(queryClient, navigate, '/auth').catch(() => {})
  }
  return (
    <main className="flex min-h-svh items-center justify-center p-4">
      <MessageCard icon={ShieldX} tone="destructive" {...messageTexts(t, 'accessDenied')} level={1}>
        <Button onClick={() => void again()}>{t('accessDenied.signInAgain')}</Button>
      </MessageCard>
    </main>
  )
}
