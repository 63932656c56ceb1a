import { Lock } from 'lucide-react'
import type { ComponentProps } from 'react'
import { useTranslation } from 'react-i18next'
import { Field, TextField } from '@web/components/form-field'
import { Input } from '@web/components/ui/input'
import { PasswordField } from '@web/components/password-field'

type FieldProps = ComponentProps<typeof TextField>

/** The account's e-mail, as sign-in and sign-up ask for it. */
export function EmailField(props: Omit<FieldProps, 'type' | 'autoComplete' | 'label'>) {
  const { t } = useTranslation('auth')
  return <TextField type="email" autoComplete="email" label={t('fields.email')} {...props} />
}

type Registered = Omit<FieldProps, 'id' | 'label'>

/**
 * A new password and its confirmation: side by side when an account is made (sign-up, the invitation's
 * sign-up), one under the other when `replacing` a forgotten one (the e-mailed reset link).
 */
export function NewPasswordFields({
  idPrefix,
  replacing = false,
  password,
  confirm,
}: {
  idPrefix: string
  replacing?: boolean
  password: Registered
  confirm: Registered
}) {
  const { t } = useTranslation('auth')
  return (
    <div className={replacing ? 'grid gap-4' : 'grid gap-4 sm:grid-cols-2'}>
      <PasswordField
        id={replacing ? `${idPrefix}-new-password` : `${idPrefix}-password`}
        autoComplete="new-password"
        label={replacing ? t('fields.newPassword') : t('fields.password')}
        hint={t('fields.passwordHint')}
        {...password}
      />
      <PasswordField
        id={`${idPrefix}-confirm-password`}
        autoComplete="new-password"
        label={t('fields.confirmPassword')}
        {...confirm}
      />
    </div>
  )
}

/**
 * A value fixed by the invitation (e-mail and display name; docs/product-rules.md, "Screens"): read-only,
 * with a lock and a line that says why, both announced with the field.
 */
export function LockedField({
  id,
  label,
  value,
  hint,
  type = 'text',
  autoComplete,
}: {
  id: string
  label: string
  value: string
  hint: string
  type?: 'text' | 'email'
  autoComplete?: string
}) {
  return (
    <Field id={id} label={label} hint={hint}>
      {(aria) => (
        <div className="relative">
          <Input
            {...aria}
            type={type}
            value={value}
            autoComplete={autoComplete}
            readOnly
            className="cursor-not-allowed bg-muted pr-10"
          />
          <Lock
            aria-hidden
            className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
        </div>
      )}
    </Field>
  )
}
