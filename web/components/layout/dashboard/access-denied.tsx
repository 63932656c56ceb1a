import { ShieldX } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { MessageCard, messageTexts } from '@web/components/layout/message-card'
import { Button } from '@web/components/ui/button'
import { usePageTitle } from '@web/hooks/use-page-title'
import { useSignOut } from '@web/lib/session'

/**
 * A deactivated profile is signed out (the server already revoked every session) and told why
 * (docs/product-rules.md, "Screens").
 */
export function AccessDenied() {
  const { t } = useTranslation('dashboard')
  usePageTitle(t('accessDenied.title'))
  const navigate = useNavigate()
  const signOut = useSignOut()
  const again = async () => {
    // The server already ended every session: whatever the sign-out answers, sign in again.
    await signOut.mutateAsync().catch(() => {})
    navigate('/auth', { replace: true })
  }
  return (
    <main className="flex min-h-svh items-center justify-center p-4">
      <MessageCard icon={ShieldX} tone="destructive" {...messageTexts(t, 'accessDenied')} level={1}>
        <Button onClick={() => void again()}>{t('accessDenied.signInAgain')}</Button>
      </MessageCard>
    </main>
  )
}
