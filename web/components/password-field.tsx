import { Eye, EyeOff } from 'lucide-react'
import { type ComponentProps, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Field, type TextField } from '@web/components/form-field'
import { Input } from '@web/components/ui/input'

/**
 * A password input, masked, with a show/hide button (pressed while shown) so a long password can be checked
 * before sending: the account's (sign-in, sign-up) and the guild's public one, as the guild form edits it.
 */
export function PasswordField({
  id,
  label,
  error,
  hint,
  keepHint,
  ...props
}: ComponentProps<typeof TextField>) {
  const { t } = useTranslation('common')
  const [visible, setVisible] = useState(false)
  return (
    <Field id={id} label={label} error={error} hint={hint} keepHint={keepHint}>
      {(aria) => (
        <div className="relative">
          <Input {...aria} type={visible ? 'text' : 'password'} className="pr-10" {...props} />
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
      )}
    </Field>
  )
}
