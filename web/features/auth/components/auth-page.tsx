import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router'
import type { InviteSignupResult } from '@contract/members'
import { LanguageToggle } from '@web/components/layout/language-toggle'
import { ThemeToggle } from '@web/components/layout/theme-toggle'
import { Badge } from '@web/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs'
import { useHydrated } from '@web/hooks/use-hydrated'
import { usePageTitle } from '@web/hooks/use-page-title'
import { useSession } from '../api/get-session'
import { AuthNotice, type Notice, noticeFromAddress } from './auth-notices'
import { InviteSignUpForm, InviteSubheading } from './invite-sign-up-form'
import { ResetPasswordForm } from './reset-password-form'
import { SignInForm } from './sign-in-form'
import { SignUpForm } from './sign-up-form'

type Tab = 'signin' | 'signup'

export function AuthPage() {
  const { t } = useTranslation(['auth', 'common'])
  const [params, setParams] = useSearchParams()
  const navigate = useNavigate()
  // ?invite=TOKEN opens the sign-up tab on the invite's own form (docs/product-rules.md, "Screens").
  const inviteToken = params.get('invite')
  const [tab, setTab] = useState<Tab>(params.get('tab') === 'signup' || inviteToken ? 'signup' : 'signin')
  const [notice, setNotice] = useState<Notice | null>(() => noticeFromAddress(params))
  const [signedUpEmail, setSignedUpEmail] = useState('')
  const resetToken = params.get('mode') === 'reset' && !params.get('error') ? params.get('token') : null
  // The title names the tab shown: "Criar conta" where the landing's sign-up links lead.
  usePageTitle(tab === 'signup' && !resetToken ? t('signUp.title') : t('title'), t('description'))
  // Prerendered, the page shows before its code runs (web/entry-server.tsx): its controls wait for it, or a
  // click would be lost and a submit would go out as a plain GET of the form, password in the address.
  const hydrated = useHydrated()
  // Someone already signed in has nothing to do here.
  const session = useSession(!resetToken)
  if (session.data && !resetToken) return <Navigate to="/dashboard" replace />

  const onSignedUp = (email: string) => {
    setSignedUpEmail(email)
    setNotice({ kind: 'checkEmail', email })
    setTab('signin')
  }
  // The invitation proved the address, so the sign-up signed the person in: straight to the dashboard
  // (docs/product-rules.md, "Screens"). Should that sign-in have failed, they sign in here; the used link
  // leaves the address.
  const onInviteAccepted = ({ email, signedIn }: InviteSignupResult) => {
    if (signedIn) return navigate('/dashboard', { replace: true })
    setParams({}, { replace: true })
    setSignedUpEmail(email)
    setNotice({ kind: 'inviteAccepted' })
    setTab('signin')
  }
  const onWithoutInvite = () => setParams({ tab: 'signup' }, { replace: true })
  const onResetDone = () => {
    setParams({}, { replace: true })
    setNotice({ kind: 'resetDone' })
    setTab('signin')
  }

  return (
    <div className="flex min-h-svh flex-col bg-muted/40">
      <header className="flex h-14 items-center gap-2 px-4">
        <Link
          to="/"
          className="flex items-center gap-2 rounded-md font-bold outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <img src="/favicon.svg" alt="" className="size-6" />
          {t('appName', { ns: 'common' })}
        </Link>
        <Badge variant="outline">{t('beta', { ns: 'common' })}</Badge>
        <div className="flex-1" />
        <LanguageToggle />
        <ThemeToggle />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-6 sm:items-center">
        <Card className="w-full max-w-lg">
          <CardHeader>
            <h1 className="font-semibold leading-none tracking-tight text-2xl">
              {resetToken ? t('reset.title') : t('heading')}
            </h1>
            <CardDescription>
              {resetToken ? (
                t('reset.description')
              ) : inviteToken ? (
                <InviteSubheading token={inviteToken} />
              ) : (
                t('subheading')
              )}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <fieldset disabled={!hydrated} className="grid min-w-0 gap-4">
              {notice && <AuthNotice notice={notice} />}
              {resetToken ? (
                <ResetPasswordForm token={resetToken} onDone={onResetDone} />
              ) : (
                <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
                  <TabsList className="grid w-full grid-cols-2">
                    <TabsTrigger value="signin">{t('tabs.signIn')}</TabsTrigger>
                    <TabsTrigger value="signup">{t('tabs.signUp')}</TabsTrigger>
                  </TabsList>
                  <TabsContent value="signin">
                    <SignInForm key={signedUpEmail} defaultEmail={signedUpEmail} />
                  </TabsContent>
                  <TabsContent value="signup">
                    {inviteToken ? (
                      <InviteSignUpForm
                        key={inviteToken}
                        token={inviteToken}
                        onSignedUp={onInviteAccepted}
                        onWithoutInvite={onWithoutInvite}
                      />
                    ) : (
                      <SignUpForm onSignedUp={onSignedUp} />
                    )}
                  </TabsContent>
                </Tabs>
              )}
            </fieldset>
          </CardContent>
        </Card>
      </main>
    </div>
  )
}
