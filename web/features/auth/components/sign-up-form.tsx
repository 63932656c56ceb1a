import { useTranslation } from 'react-i18next'
import { SignupFormSchema, slugify } from '@contract/accounts'
import { PendingButton } from '@web/components/pending-button'
import { showServerErrors, useSchemaForm } from '@web/hooks/use-schema-form'
import { currentLanguage } from '@web/lib/i18n'
import { useSignUp } from '../api/sign-up'
import { TextField } from '@web/components/form-field'
import { NewPasswordFields, PasswordField, useFieldMessage } from './fields'

const FIELDS = ['email', 'password', 'confirmPassword', 'displayName', 'guildName', 'guildPassword'] as const

export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const { t } = useTranslation('auth')
  const fieldMessage = useFieldMessage()
  const signUp = useSignUp()
  const form = useSchemaForm(SignupFormSchema, {
    email: '',
    password: '',
    confirmPassword: '',
    displayName: '',
    guildName: '',
    guildPassword: '',
  })
  const { errors, isSubmitting } = form.formState
  const slug = slugify(form.watch('guildName') ?? '')

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await signUp.mutateAsync({ ...values, language: currentLanguage() })
      form.reset()
      onSignedUp(result.email)
    } catch (error) {
      showServerErrors(form, error, t('signUp.error'), FIELDS)
    }
  })

  return (
    <form id="signup-form" noValidate onSubmit={onSubmit} className="grid gap-4">
      <TextField
        id="signup-display-name"
        autoComplete="nickname"
        label={t('fields.displayName')}
        error={fieldMessage(errors.displayName?.message)}
        {...form.register('displayName')}
      />
      <TextField
        id="signup-email"
        type="email"
        autoComplete="email"
        label={t('fields.email')}
        error={fieldMessage(errors.email?.message)}
        {...form.register('email')}
      />
      <NewPasswordFields
        idPrefix="signup"
        password={{ ...form.register('password'), error: fieldMessage(errors.password?.message) }}
        confirm={{
          ...form.register('confirmPassword'),
          error: fieldMessage(errors.confirmPassword?.message),
        }}
      />
      <TextField
        id="signup-guild-name"
        autoComplete="organization"
        label={t('fields.guildName')}
        hint={slug ? t('fields.guildLinkHint', { path: `/guilds/${slug}` }) : t('fields.guildNameHint')}
        error={fieldMessage(errors.guildName?.message)}
        {...form.register('guildName')}
      />
      <PasswordField
        id="signup-guild-password"
        autoComplete="off"
        label={t('fields.guildPassword')}
        hint={t('fields.guildPasswordHint')}
        error={fieldMessage(errors.guildPassword?.message)}
        {...form.register('guildPassword')}
      />
      <PendingButton type="submit" pending={isSubmitting}>
        {t('signUp.submit')}
      </PendingButton>
    </form>
  )
}
