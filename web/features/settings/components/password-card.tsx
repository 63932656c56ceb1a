import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import type { z } from 'zod'
import { PasswordChangeFormSchema } from '@contract/accounts'
import { SectionCard } from '@web/components/section-card'
import { TextField } from '@web/components/form-field'
import { PendingButton } from '@web/components/pending-button'
import { bindFields, showServerErrors, useSchemaForm } from '@web/hooks/use-schema-form'
import { useTooLongMessage } from '@web/hooks/use-too-long-message'
import { useChangePassword } from '../api/change-password'

const EMPTY: z.input<typeof PasswordChangeFormSchema> = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
}
const FIELDS = [
  { name: 'currentPassword', autoComplete: 'current-password' },
  { name: 'newPassword', autoComplete: 'new-password' },
  { name: 'confirmPassword', autoComplete: 'new-password' },
] as const

export function PasswordCard() {
  const { t } = useTranslation('settings')
  const change = useChangePassword()
  const form = useSchemaForm(PasswordChangeFormSchema, EMPTY)
  const { isSubmitting } = form.formState
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values)
      form.reset(EMPTY)
      toast.success(t('password.changed'), { description: t('password.changedText') })
    } catch (error) {
      showServerErrors(
        form,
        error,
        t('password.error'),
        FIELDS.map((f) => f.name),
      )
    }
  })
  const tooLong = useTooLongMessage()
  const field = bindFields(
    form,
    (error) =>
      tooLong(error) ??
      (error?.message &&
        t(`password.validation.${error.message}`, { defaultValue: t('password.validation.invalid') })),
  )
  return (
    <SectionCard title={t('password.title')} description={t('password.description')}>
      <form id="password-form" noValidate onSubmit={onSubmit} className="grid max-w-md gap-4">
        {FIELDS.map(({ name, autoComplete }) => (
          <TextField
            key={name}
            id={`settings-${name}`}
            type="password"
            autoComplete={autoComplete}
            label={t(`password.fields.${name}`)}
            {...field(name)}
          />
        ))}
        <div>
          <PendingButton type="submit" pending={isSubmitting}>
            {t('password.submit')}
          </PendingButton>
        </div>
      </form>
    </SectionCard>
  )
}
