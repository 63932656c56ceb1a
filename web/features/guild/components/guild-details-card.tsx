import { Eye, EyeOff, Pencil } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import type { FieldError } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { MAX_GUILD_NAME } from '@contract/accounts'
import { type Guild, GuildPatchSchema } from '@contract/guild'
import { Detail } from '@web/components/detail'
import { TextField } from '@web/components/form-field'
import { PasswordField } from '@web/components/password-field'
import { SectionCard } from '@web/components/section-card'
import { PendingButton } from '@web/components/pending-button'
import { Button } from '@web/components/ui/button'
import {
  bindFields,
  lengthLimit,
  type ServerFieldError,
  showServerErrors,
  useSchemaForm,
} from '@web/hooks/use-schema-form'
import { useTooLongMessage } from '@web/hooks/use-too-long-message'
import { useUpdateGuild } from '../api/update-guild'
import { SubscriptionBadge } from './status-badge'

/**
 * The words for a field's error: too long (with its limit), the schema's message keys, or an API error code
 * (errors namespace).
 */
function useFieldError() {
  const { t } = useTranslation('guild')
  const { t: te } = useTranslation('errors')
  const tooLong = useTooLongMessage()
  const known: Record<string, string> = {
    required: t('details.nameRequired'),
    publicPasswordTooShort: t('details.passwordTooShort'),
  }
  return (error: FieldError | undefined) =>
    error?.message === undefined
      ? undefined
      : (tooLong(error) ??
        known[error.message] ??
        // The refusal's own words, which may name values (GUILD_NAME_TAKEN's address).
        (error as ServerFieldError).said ??
        te(error.message, { defaultValue: te('VALIDATION_FAILED') }))
}

function PasswordValue({ password }: { password: string | null }) {
  const { t } = useTranslation('guild')
  const [shown, setShown] = useState(false)
  if (!password) return <span className="text-muted-foreground italic">{t('details.passwordUnset')}</span>
  return (
    <span className="flex items-center gap-2">
      <code className="rounded bg-muted px-2 py-0.5 font-mono text-sm" data-testid="guild-password">
        {shown ? password : '••••••••'}
      </code>
      <Button
        variant="ghost"
        size="icon"
        onClick={() => setShown((v) => !v)}
        aria-label={shown ? t('details.hidePassword') : t('details.showPassword')}
        aria-pressed={shown}
      >
        {shown ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
      </Button>
    </span>
  )
}

function EditForm({ guild, onDone }: { guild: Guild; onDone: () => void }) {
  const { t } = useTranslation('guild')
  const update = useUpdateGuild()
  const form = useSchemaForm(GuildPatchSchema, {
    name: guild.name,
    publicAccessPassword: guild.publicAccessPassword ?? '',
  })
  const { isSubmitting } = form.formState
  const field = bindFields(form, useFieldError())
  // The form takes the place of the "Edit" button that opened it: focus goes to its first field.
  useEffect(() => form.setFocus('name'), [form])
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ name: values.name, publicAccessPassword: values.publicAccessPassword ?? '' })
      toast.success(t('details.saved'))
      onDone()
    } catch (error) {
      // A refused field is said once, under the field (e.g. GUILD_NAME_TAKEN); anything else is a toast.
      showServerErrors(form, error, t('details.saveError'), ['name', 'publicAccessPassword'])
    }
  })
  return (
    <form id="guild-edit-form" noValidate onSubmit={onSubmit} className="grid gap-4">
      <TextField
        id="guild-name"
        label={t('details.name')}
        limit={lengthLimit(form, 'name', MAX_GUILD_NAME)}
        {...field('name')}
      />
      <PasswordField
        id="guild-password"
        label={t('details.password')}
        hint={t('details.passwordHint')}
        keepHint
        autoComplete="off"
        {...field('publicAccessPassword')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={isSubmitting}>
          {t('details.cancel')}
        </Button>
        <PendingButton type="submit" pending={isSubmitting}>
          {t('details.save')}
        </PendingButton>
      </div>
    </form>
  )
}

export function GuildDetailsCard({ guild, isAdmin }: { guild: Guild; isAdmin: boolean }) {
  const { t } = useTranslation('guild')
  const [editing, setEditing] = useState(false)
  // Closing the form (saved or cancelled) gives focus back to the "Edit" button, shown again in its place.
  const editButton = useRef<HTMLButtonElement>(null)
  const [closed, setClosed] = useState(false)
  useEffect(() => {
    if (!closed) return
    setClosed(false)
    editButton.current?.focus()
  }, [closed])
  return (
    <SectionCard
      title={t('details.title')}
      description={t('details.description')}
      action={
        isAdmin &&
        !editing && (
          <Button ref={editButton} variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden />
            {t('details.edit')}
          </Button>
        )
      }
    >
      {editing ? (
        <EditForm
          guild={guild}
          onDone={() => {
            setEditing(false)
            setClosed(true)
          }}
        />
      ) : (
        <dl className="grid gap-4 sm:grid-cols-2">
          <Detail label={t('details.name')} testId="guild-name">
            {guild.name}
          </Detail>
          <Detail label={t('details.status')} valueClassName="">
            <SubscriptionBadge subscription={guild.subscription} />
          </Detail>
          <Detail label={t('details.slug')} valueClassName="">
            <code className="rounded bg-muted px-2 py-0.5 font-mono text-sm">{guild.slug}</code>
            <p className="mt-1 text-muted-foreground text-xs">{t('details.slugHint')}</p>
          </Detail>
          <Detail label={t('details.password')} valueClassName="">
            <PasswordValue password={guild.publicAccessPassword} />
          </Detail>
        </dl>
      )}
    </SectionCard>
  )
}
