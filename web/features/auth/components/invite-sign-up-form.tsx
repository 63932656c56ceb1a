import { useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { type InviteLookup, InviteSignupFormSchema, type InviteSignupResult } from '@contract/members'
import { Spinner } from '@web/components/ui/spinner'
import { bindFields, showServerErrors, useSchemaForm } from '@web/hooks/use-schema-form'
import { currentLanguage } from '@web/lib/i18n'
import { useInviteLookup } from '../api/lookup-invite'
import { useSignUpWithInvite } from '../api/sign-up-invite'
import { AuthForm } from './auth-form'
import { TermsConsent } from './terms-consent'
import { LockedField, NewPasswordFields } from './fields'
import { useFieldMessage } from '@web/hooks/use-field-message'
import { InviteProblem, type InviteProblemKind, inviteProblemOf } from './invite-problem'

type Props = { token: string; onSignedUp: (result: InviteSignupResult) => void; onWithoutInvite: () => void }

/**
 * The page's subtitle for an invited person: joining the inviting guild (by name once the invite is read),
 * never the new guild's trial; an invite that cannot be used falls back to the page's usual subtitle.
 */
export function InviteSubheading({ token }: { token: string }) {
  const { t } = useTranslation('auth')
  const lookup = useInviteLookup(token)
  if (lookup.data) return t('invite.subheading', { guild: lookup.data.guildName })
  return lookup.isPending ? t('invite.subheadingPending') : t('subheading')
}

/** /auth?invite=TOKEN: the invite is looked up first; its e-mail and display name cannot be changed. */
export function InviteSignUpForm({ token, onSignedUp, onWithoutInvite }: Props) {
  const { t } = useTranslation('auth')
  const lookup = useInviteLookup(token)
  const [problem, setProblem] = useState<InviteProblemKind | null>(null)

  if (lookup.isPending) {
    return (
      <div className="flex items-center justify-center gap-3 py-8 text-sm text-muted-foreground">
        <Spinner />
        {t('invite.checking')}
      </div>
    )
  }
  const kind = problem ?? (lookup.error ? inviteProblemOf(lookup.error, { lookup: true }) : null)
  if (kind || !lookup.data) {
    return (
      <InviteProblem
        kind={kind ?? 'lookupFailed'}
        onRetry={() => void lookup.refetch()}
        onWithoutInvite={onWithoutInvite}
      />
    )
  }
  return <InviteForm token={token} invite={lookup.data} onSignedUp={onSignedUp} onProblem={setProblem} />
}

function InviteForm({
  token,
  invite,
  onSignedUp,
  onProblem,
}: {
  token: string
  invite: InviteLookup
  onSignedUp: (result: InviteSignupResult) => void
  onProblem: (kind: InviteProblemKind) => void
}) {
  const { t } = useTranslation('auth')
  const signUp = useSignUpWithInvite()
  const form = useSchemaForm(InviteSignupFormSchema, { token, password: '', confirmPassword: '' })
  const field = bindFields(form, useFieldMessage('auth'))

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await signUp.mutateAsync({ ...values, language: currentLanguage() })
      onSignedUp(result)
    } catch (error) {
      // The invite may have expired, been used or replaced since the page opened.
      const kind = inviteProblemOf(error, { lookup: false })
      if (kind) return onProblem(kind)
      showServerErrors(form, error, t('signUp.error'), ['password'])
    }
  })

  return (
    <AuthForm
      id="invite-signup-form"
      form={form}
      onSubmit={onSubmit}
      submitLabel={t('invite.submit')}
      after={<TermsConsent />}
    >
      <p className="text-sm text-muted-foreground" data-testid="invite-intro">
        <Trans
          t={t}
          i18nKey="invite.intro"
          values={{ guild: invite.guildName }}
          components={{ strong: <strong className="font-semibold text-foreground" /> }}
        />
      </p>
      <LockedField
        id="invite-display-name"
        label={t('fields.displayName')}
        value={invite.displayName}
        hint={t('invite.locked')}
      />
      <LockedField
        id="invite-email"
        type="email"
        autoComplete="username"
        label={t('fields.email')}
        value={invite.email}
        hint={t('invite.locked')}
      />
      <NewPasswordFields idPrefix="invite" password={field('password')} confirm={field('confirmPassword')} />
    </AuthForm>
  )
}
