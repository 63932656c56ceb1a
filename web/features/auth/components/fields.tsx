import { Eye, EyeOff, Lock } from 'lucide-react'
import { type ComponentProps, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Input } from '@web/components/ui/input'
import { FieldError, Label } from '@web/components/ui/label'
import { i18n } from '@web/lib/i18n'

/** A validation key from contract/ ('required', 'weakPassword'…) or an API code ('EMAIL_TAKEN') as text. */
export function useFieldMessage() {
  const { t } = useTranslation('auth')
  return (message: string | undefined) => {
    if (!message) return undefined
    if (i18n.exists(`validation.${message}`, { ns: 'auth' })) return t(`validation.${message}`)
    if (i18n.exists(message, { ns: 'errors' })) return t(message, { ns: 'errors' })
    return t('validation.invalid')
  }
}

type FieldProps = ComponentProps<typeof Input> & { id: string; label: string; error?: string; hint?: string }

export function TextField({ id, label, error, hint, ...props }: FieldProps) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ')
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...props}
      />
      {hint && !error && (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  )
}

/** A password input with a show/hide button, so long passwords can be checked before sending. */
export function PasswordField({ id, label, error, hint, ...props }: FieldProps) {
  const { t } = useTranslation('auth')
  const [visible, setVisible] = useState(false)
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ')
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Input
          id={id}
          type={visible ? 'text' : 'password'}
          className="pr-10"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...props}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t('password.hide') : t('password.show')}
          aria-pressed={visible}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {visible ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
        </button>
      </div>
      {hint && !error && (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  )
}

/**
 * A value fixed by the invitation (spec §2: e-mail and display name prefilled and locked): read-only, with a
 * lock and a line that says why, both announced with the field.
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
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Input
          id={id}
          type={type}
          value={value}
          autoComplete={autoComplete}
          readOnly
          aria-describedby={`${id}-hint`}
          className="cursor-not-allowed bg-muted pr-10"
        />
        <Lock
          aria-hidden
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
      </div>
      <p id={`${id}-hint`} className="text-muted-foreground text-xs">
        {hint}
      </p>
    </div>
  )
}
