import { useTranslation } from 'react-i18next'
import { ResetPasswordFormSchema } from '@contract/accounts'
import { bindFields, useSchemaForm } from '@web/hooks/use-schema-form'
import { handleError } from '@web/lib/error-handler'
import { useResetPassword } from '../api/reset-password'
import { AuthForm } from './auth-form'
import { NewPasswordFields } from './fields'
import { useFieldMessage } from '@web/hooks/use-field-message'

/** The form behind the e-mailed link: /auth?mode=reset&token=… */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation('auth')
  const reset = useResetPassword()
  const form = useSchemaForm(ResetPasswordFormSchema, { newPassword: '', confirmPassword: '' })
  const field = bindFields(form, useFieldMessage('auth'))
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await reset.mutateAsync({ token, newPassword: values.newPassword })
      onDone()
    } catch (error) {
      handleError(error, t('reset.saveError'))
    }
  })
  return (
    <AuthForm id="reset-form" form={form} onSubmit={onSubmit} submitLabel={t('reset.submit')}>
      <NewPasswordFields
        idPrefix="reset"
        replacing
        password={field('newPassword')}
        confirm={field('confirmPassword')}
      />
    </AuthForm>
  )
}
