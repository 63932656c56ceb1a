import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { SignInSchema } from '@contract/accounts'
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert'
import { Button } from '@web/components/ui/button'
import { errorCode } from '@web/lib/api-client'
import { bindFields, useSchemaForm } from '@web/hooks/use-schema-form'
import { handleError } from '@web/lib/error-handler'
import { afterSignIn } from '@web/lib/session'
import { useRequestPasswordReset } from '../api/request-password-reset'
import { useSignIn } from '../api/sign-in'
import { AuthForm } from './auth-form'
import { PasswordField } from '@web/components/password-field'
import { EmailField } from './fields'
import { useFieldMessage } from '@web/hooks/use-field-message'
import { useSingleFlight } from '@web/hooks/use-single-flight'

export function SignInForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const { t } = useTranslation('auth')
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const signIn = useSignIn()
  const reset = useRequestPasswordReset()
  const resetFlight = useSingleFlight()
  const [unverified, setUnverified] = useState(false)
  const form = useSchemaForm(SignInSchema, { email: defaultEmail, password: '' })
  const field = bindFields(form, useFieldMessage('auth'))
  // Either of the two may be the wrong one: the e-mail is invalid too, and read with the password's message.
  const wrongCredentials = form.formState.errors.password?.message === 'INVALID_CREDENTIALS'

  const onSubmit = form.handleSubmit(async (values) => {
    setUnverified(false)
    try {
      await signIn.mutateAsync(values)
      navigate(afterSignIn(params), { replace: true })
    } catch (error) {
      // An unconfirmed e-mail is said by the form's own notice alone; a wrong e-mail or password under the
      // password, which takes the focus to be typed again (the way every form says a refused field:
      // web/lib/error-handler.ts, showFormError); anything else is a toast.
      const code = errorCode(error)
      if (code === 'EMAIL_NOT_VERIFIED') setUnverified(true)
      else if (code === 'INVALID_CREDENTIALS')
        form.setError('password', { type: 'server', message: code }, { shouldFocus: true })
      else handleError(error, t('signIn.error'))
    }
  })

  // One request however often it is clicked; a malformed e-mail is said under its field ("Digite um e-mail
  // válido."), never sent (the server's refusal read as an unexpected error).
  const onForgot = () =>
    resetFlight.run(async () => {
      const email = form.getValues('email').trim()
      if (!email) {
        toast.error(t('reset.needEmail'))
        form.setFocus('email')
        return
      }
      if (!(await form.trigger('email'))) {
        form.setFocus('email')
        return
      }
      try {
        await reset.mutateAsync(email)
        toast.success(t('reset.sentTitle'), { description: t('reset.sentText', { email }) })
      } catch (error) {
        handleError(error, t('reset.error'))
      }
    }, undefined)

  return (
    <AuthForm
      id="signin-form"
      form={form}
      onSubmit={onSubmit}
      submitLabel={t('signIn.submit')}
      after={
        <Button type="button" variant="link" onClick={() => void onForgot()} disabled={resetFlight.pending}>
          {t('reset.forgot')}
        </Button>
      }
    >
      {unverified && (
        <Alert variant="warning">
          <AlertTitle>{t('signIn.unverifiedTitle')}</AlertTitle>
          <AlertDescription>{t('signIn.unverifiedText')}</AlertDescription>
        </Alert>
      )}
      <EmailField
        id="signin-email"
        {...field('email')}
        {...(wrongCredentials && { 'aria-invalid': true, 'aria-describedby': 'signin-password-error' })}
      />
      <PasswordField
        id="signin-password"
        autoComplete="current-password"
        label={t('fields.password')}
        {...field('password')}
      />
    </AuthForm>
  )
}
