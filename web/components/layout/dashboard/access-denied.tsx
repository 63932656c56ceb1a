import { useQueryClient } from '@tanstack/react-query'
import { ShieldX } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Button } from '@web/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@web/components/ui/card'
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
    await signOut(queryClient).catch(() => {})
    navigate('/auth', { replace: true })
  }
  return (
    <main className="flex min-h-svh items-center justify-center p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <ShieldX aria-hidden className="size-10 text-destructive" />
          <h1 className="font-semibold leading-none tracking-tight text-xl">{t('accessDenied.title')}</h1>
          <CardDescription>{t('accessDenied.description')}</CardDescription>
        </CardHeader>
        <CardContent />
        <CardFooter className="justify-center">
          <Button onClick={() => void again()}>{t('accessDenied.signInAgain')}</Button>
        </CardFooter>
      </Card>
    </main>
  )
}
