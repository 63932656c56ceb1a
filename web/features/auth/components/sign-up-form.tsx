import { useTranslation } from 'react-i18next'
import { MAX_DISPLAY_NAME, MAX_GUILD_NAME, SignupFormSchema, slugify } from '@contract/accounts'
import { bindFields, lengthLimit, showServerErrors, useSchemaForm } from '@web/hooks/use-schema-form'
import { currentLanguage } from '@web/lib/i18n'
import { browserTimeZone } from '@web/lib/format'
import { useSignUp } from '../api/sign-up'
import { TextField } from '@web/components/form-field'
import { AuthForm } from './auth-form'
import { TermsConsent } from './terms-consent'
import { PasswordField } from '@web/components/password-field'
import { EmailField, NewPasswordFields } from './fields'
import { useFieldMessage } from '@web/hooks/use-field-message'

const FIELDS = ['email', 'password', 'confirmPassword', 'displayName', 'guildName', 'guildPassword'] as const

export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const { t } = useTranslation('auth')
  const signUp = useSignUp()
  const form = useSchemaForm(SignupFormSchema, {
    email: '',
    password: '',
    confirmPassword: '',
    displayName: '',
    guildName: '',
    guildPassword: '',
  })
  const field = bindFields(form, useFieldMessage('auth'))
  const slug = slugify(form.watch('guildName') ?? '')

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      // The new guild raids on this browser's clock until its guild page says otherwise.
      const result = await signUp.mutateAsync({
        ...values,
        language: currentLanguage(),
        timeZone: browserTimeZone(),
      })
      form.reset()
      onSignedUp(result.email)
    } catch (error) {
      showServerErrors(form, error, t('signUp.error'), FIELDS)
    }
  })

  return (
    <AuthForm
      id="signup-form"
      form={form}
      onSubmit={onSubmit}
      submitLabel={t('signUp.submit')}
      after={<TermsConsent />}
    >
      <TextField
        id="signup-display-name"
        autoComplete="nickname"
        limit={lengthLimit(form, 'displayName', MAX_DISPLAY_NAME)}
        label={t('fields.displayName')}
        {...field('displayName')}
      />
      <EmailField id="signup-email" {...field('email')} />
      <NewPasswordFields idPrefix="signup" password={field('password')} confirm={field('confirmPassword')} />
      <TextField
        id="signup-guild-name"
        autoComplete="organization"
        limit={lengthLimit(form, 'guildName', MAX_GUILD_NAME)}
        label={t('fields.guildName')}
        hint={slug ? t('fields.guildLinkHint', { path: `/guilds/${slug}` }) : t('fields.guildNameHint')}
        {...field('guildName')}
      />
      <PasswordField
        id="signup-guild-password"
        autoComplete="off"
        label={t('fields.guildPassword')}
        hint={t('fields.guildPasswordHint')}
        {...field('guildPassword')}
      />
    </AuthForm>
  )
}
