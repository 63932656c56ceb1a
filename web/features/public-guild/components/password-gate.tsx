import { Eye, EyeOff, Lock, ShieldAlert } from 'lucide-react'
import { type FormEvent, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { PUBLIC_GATE_PASSWORD_MAX, type PublicGate } from '@contract/public'
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert'
import { Button } from '@web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card'
import { Input } from '@web/components/ui/input'
import { FieldError, Label } from '@web/components/ui/label'
import { Spinner } from '@web/components/ui/spinner'
import { ApiError } from '@web/lib/api-client'
import { errorMessage } from '@web/lib/error-handler'
import { clearOfPageTop } from '@web/lib/toast-place'
import { useEnterPublicGuild } from '../api/enter-public-guild'
import { BLOCK_CODES } from './gate-codes'

/**
 * The password is checked on the server (docs/product-rules.md, "Public page"). A missing or wrong password is
 * said under the field, which keeps the focus to be typed again (as every form says a refused field:
 * web/lib/error-handler.ts, showFormError); any other failure is a toast.
 */
export function PasswordGate({ gate, onBlocked }: { gate: PublicGate; onBlocked: () => void }) {
  const { t } = useTranslation('public')
  const { t: te } = useTranslation('errors')
  const [password, setPassword] = useState('')
  const [visible, setVisible] = useState(false)
  /** What is wrong with the password typed, said under the field; gone as soon as it is typed again. */
  const [fieldError, setFieldError] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const enter = useEnterPublicGuild(gate.slug)
  const inputId = useId()
  const errorId = useId()
  /**
   * The gate's one error toast (too many attempts, no network): a new attempt takes it away (the shared
   * handler would hide a second identical error for 5 s), and so does a success, so it never stays next to
   * 'Acesso autorizado!'.
   * Each error is a toast of its own id: sonner dismisses a toast a frame or two later, and a new one under
   * the same id, raised by an answer quicker than that, was taken away with it, gone in a blink.
   */
  const errorToast = useRef<string | number | null>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (password.length === 0) {
      setFieldError(t('gate.required'))
      input.current?.focus()
      return
    }
    if (errorToast.current !== null) toast.dismiss(errorToast.current)
    errorToast.current = null
    enter.mutate(password, {
      // On a phone, not over the guild's name and "Live", which the page opens on (web/lib/toast-place.ts).
      onSuccess: () => toast.success(t('gate.success'), clearOfPageTop()),
      onError: (error) => {
        // The button, disabled while the password was checked, let the focus go: back to the field.
        if (error instanceof ApiError && error.code === 'PUBLIC_WRONG_PASSWORD') {
          setFieldError(errorMessage(error))
          input.current?.focus()
          return
        }
        const blocked = error instanceof ApiError && BLOCK_CODES.has(error.code)
        errorToast.current = toast.error(t(blocked ? 'gate.blockedTitle' : 'gate.errorTitle'), {
          description: errorMessage(error),
        })
        if (blocked) onBlocked()
      },
    })
  }

  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader className="items-center text-center">
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Lock aria-hidden className="size-6" />
        </span>
        <h1 className="text-xl font-semibold leading-tight tracking-tight wrap-anywhere">{gate.name}</h1>
        {!gate.blocked && <CardDescription>{t('gate.subtitle')}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4">
        {gate.blocked && (
          <Alert variant="destructive">
            <ShieldAlert aria-hidden className="size-4" />
            <AlertTitle>{t('gate.blockedTitle')}</AlertTitle>
            <AlertDescription>{te(gate.blocked)}</AlertDescription>
          </Alert>
        )}
        {!gate.passwordSet && !gate.blocked && (
          <Alert variant="warning">
            <AlertDescription>{t('gate.noPassword')}</AlertDescription>
          </Alert>
        )}
        {/* A blocked page takes no password (the server would refuse any): only why it is closed is shown. */}
        {!gate.blocked && (
          <form noValidate onSubmit={submit} className="grid gap-3">
            <div className="grid gap-2">
              <Label htmlFor={inputId}>{t('gate.password')}</Label>
              <div className="relative">
                <Input
                  ref={input}
                  id={inputId}
                  name="password"
                  type={visible ? 'text' : 'password'}
                  autoComplete="current-password"
                  placeholder={t('gate.passwordPlaceholder')}
                  value={password}
                  maxLength={PUBLIC_GATE_PASSWORD_MAX}
                  aria-invalid={fieldError ? true : undefined}
                  aria-describedby={fieldError ? errorId : undefined}
                  onChange={(event) => {
                    setPassword(event.target.value)
                    setFieldError(null)
                  }}
                  className="pr-10 pointer-coarse:h-11"
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="absolute top-0 right-0 text-muted-foreground pointer-coarse:size-11"
                  aria-label={t(visible ? 'gate.hidePassword' : 'gate.showPassword')}
                  aria-pressed={visible}
                  onClick={() => setVisible((v) => !v)}
                >
                  {visible ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
                </Button>
              </div>
              <FieldError id={errorId}>{fieldError}</FieldError>
            </div>
            <Button type="submit" disabled={enter.isPending} className="w-full pointer-coarse:h-11">
              {enter.isPending ? (
                <>
                  <Spinner className="size-4 text-primary-foreground" />
                  {t('gate.submitting')}
                </>
              ) : (
                t('gate.submit')
              )}
            </Button>
          </form>
        )}
        <p className="text-center text-xs text-muted-foreground">{t('gate.privacy')}</p>
      </CardContent>
    </Card>
  )
}
