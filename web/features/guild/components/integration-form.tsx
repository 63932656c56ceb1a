import { KeyRound } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { issueLimit } from '@contract/common'
import type { Language } from '@contract/enums'
import {
  ANNOUNCE_EVENTS,
  type AnnounceEvent,
  DEFAULT_ANNOUNCE_EVENTS,
  DiscordSettingsSchema,
  type Integration,
  WebhookSettingsSchema,
} from '@contract/integrations'
import { PendingButton } from '@web/components/pending-button'
import { Button } from '@web/components/ui/button'
import { Field, TextField } from '@web/components/form-field'
import { Input } from '@web/components/ui/input'
import { type LimitedFieldError, useTooLongMessage } from '@web/hooks/use-too-long-message'
import { showFormError } from '@web/lib/error-handler'
import { currentLanguage } from '@web/lib/i18n'
import { useSaveIntegration } from '../api/save-integration'
import type { IntegrationKind } from '@contract/enums'

type FieldName = 'url' | 'secret'
/** The choices whose effect a label alone does not tell. */
const EXPLAINED = new Set<AnnounceEvent>(['raid_nights', 'night_awards'])
type Props = { kind: IntegrationKind; saved: Integration | null; allowed: boolean }

/** 24 random bytes, base64url: what "generate" puts in the secret field for the admin to copy. */
function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** One integration's settings: address (kept when left empty), the webhook's secret, events and language. */
export function IntegrationForm({ kind, saved, allowed }: Props) {
  const { t } = useTranslation('guild')
  const id = useId()
  const save = useSaveIntegration(kind)
  const [url, setUrl] = useState('')
  const [secret, setSecret] = useState('')
  const [events, setEvents] = useState<AnnounceEvent[]>(saved?.events ?? DEFAULT_ANNOUNCE_EVENTS)
  const [language, setLanguage] = useState<Language>(saved?.language ?? currentLanguage())
  // Each field's refusal: its code as the message, and the limit of a text too long as `max`.
  const [errors, setErrors] = useState<Partial<Record<FieldName, LimitedFieldError>>>({})
  const tooLong = useTooLongMessage()
  const message = (error: LimitedFieldError | undefined) =>
    error === undefined
      ? undefined
      : (tooLong(error) ??
        t(`integrations.errors.${error.message}`, { defaultValue: t('integrations.errors.required') }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const input = {
      url: url.trim() || undefined,
      events,
      language,
      ...(kind === 'webhook' ? { secret: secret || undefined } : {}),
    }
    const parsed = (kind === 'discord' ? DiscordSettingsSchema : WebhookSettingsSchema).safeParse(input)
    const found: Partial<Record<FieldName, LimitedFieldError>> = {}
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        found[issue.path[0] as FieldName] ??= {
          type: issue.code,
          message: issue.message,
          ...issueLimit(issue),
        }
    }
    if (!saved && !input.url) found.url ??= { type: 'required', message: 'required' }
    if (kind === 'webhook' && !saved?.hasSecret && !secret)
      found.secret ??= { type: 'required', message: 'secretRequired' }
    setErrors(found)
    if (Object.keys(found).length > 0) return
    try {
      await save.mutateAsync(input)
      setUrl('')
      setSecret('')
      toast.success(t('integrations.saved'))
    } catch (error) {
      // A refused field is said once, under the field; anything else is a toast.
      const refused: Partial<Record<FieldName, LimitedFieldError>> = {}
      showFormError(
        error,
        t('integrations.saveError'),
        ['url', 'secret'] as const,
        (field, code, focus, limit) => {
          refused[field] = { type: 'server', message: code, ...limit }
          if (focus) document.getElementById(`${id}-${field}`)?.focus()
        },
      )
      setErrors(refused)
    }
  }

  const toggle = (value: AnnounceEvent, on: boolean) =>
    setEvents((current) => (on ? [...current, value] : current.filter((e) => e !== value)))

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label={t(`integrations.${kind}.title`)}>
      <fieldset disabled={!allowed || save.isPending} className="grid gap-4">
        <TextField
          id={`${id}-url`}
          label={t('integrations.url')}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder={t(`integrations.${kind}.urlPlaceholder`)}
          value={url}
          error={message(errors.url)}
          // Where the address comes from is said once, above the form (integration-section.tsx).
          hint={saved ? t('integrations.urlKeep', { url: saved.maskedUrl }) : undefined}
          onChange={(e) => setUrl(e.target.value)}
        />
        {kind === 'webhook' && (
          <Field
            id={`${id}-secret`}
            label={t('integrations.webhook.secret')}
            error={message(errors.secret)}
            hint={`${t('integrations.webhook.secretHint')}${saved?.hasSecret ? ` ${t('integrations.webhook.secretKeep')}` : ''}`}
          >
            {(aria) => (
              <div className="flex flex-wrap gap-2">
                <Input
                  {...aria}
                  className="min-w-0 flex-1 font-mono"
                  autoComplete="off"
                  spellCheck={false}
                  value={secret}
                  onChange={(e) => setSecret(e.target.value)}
                />
                <Button type="button" variant="outline" onClick={() => setSecret(randomSecret())}>
                  <KeyRound aria-hidden />
                  {t('integrations.webhook.generate')}
                </Button>
              </div>
            )}
          </Field>
        )}
        <fieldset className="grid gap-2">
          <legend className="mb-1 font-medium text-sm">{t('integrations.events.legend')}</legend>
          {ANNOUNCE_EVENTS.map((value) => {
            // The raid-night choices change what the award messages do: a sentence says how.
            const hint = EXPLAINED.has(value) ? `${id}-${value}-hint` : undefined
            return (
              <div key={value} className="grid gap-0.5">
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    aria-describedby={hint}
                    checked={events.includes(value)}
                    onChange={(e) => toggle(value, e.target.checked)}
                  />
                  {t(`integrations.events.${value}`)}
                </label>
                {hint && (
                  <p id={hint} className="ms-6 text-muted-foreground text-xs">
                    {t(`integrations.events.hints.${value}`)}
                  </p>
                )}
              </div>
            )
          })}
        </fieldset>
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-1 w-full font-medium text-sm">{t('integrations.language.legend')}</legend>
          {(['pt', 'en'] as const).map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm" lang={value}>
              <input
                type="radio"
                name={`${id}-language`}
                className="size-4 accent-primary"
                checked={language === value}
                onChange={() => setLanguage(value)}
              />
              {t(`integrations.language.${value}`)}
            </label>
          ))}
        </fieldset>
        <PendingButton type="submit" className="w-fit" pending={save.isPending}>
          {t('integrations.save')}
        </PendingButton>
      </fieldset>
    </form>
  )
}
