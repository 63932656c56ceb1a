import { useTranslation } from 'react-i18next'
import { ResetPasswordFormSchema } from '@contract/accounts'
import { PendingButton } from '@web/components/pending-button'
import { bindFields, useSchemaForm } from '@web/hooks/use-schema-form'
import { handleError } from '@web/lib/error-handler'
import { useResetPassword } from '../api/reset-password'
import { PasswordField, useFieldMessage } from './fields'

/** The form behind the e-mailed link: /auth?mode=reset&token=… */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation('auth')
  const reset = useResetPassword()
  const form = useSchemaForm(ResetPasswordFormSchema, { newPassword: '', confirmPassword: '' })
  const field = bindFields(form, useFieldMessage())
  const { isSubmitting } = form.formState
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await reset.mutateAsync({ token, newPassword: values.newPassword })
      onDone()
    } catch (error) {
      handleError(error, t('reset.saveError'))
    }
  })
  return (
    <form id="reset-form" noValidate onSubmit={onSubmit} className="grid gap-4">
      <PasswordField
        id="reset-new-password"
        autoComplete="new-password"
        label={t('fields.newPassword')}
        hint={t('fields.passwordHint')}
        {...field('newPassword')}
      />
      <PasswordField
        id="reset-confirm-password"
        autoComplete="new-password"
        label={t('fields.confirmPassword')}
        {...field('confirmPassword')}
      />
      <PendingButton type="submit" pending={isSubmitting}>
        {t('reset.submit')}
      </PendingButton>
    </form>
  )
}
