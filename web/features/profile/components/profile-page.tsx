import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { z } from 'zod'
import { MAX_DISPLAY_NAME, MAX_GAME_CHARACTER_NAME, type Me } from '@contract/accounts'
import { DashboardPage } from '@web/components/layout/page-states'
import { InitialsAvatar } from '@web/components/layout/dashboard/avatar'
import { Detail } from '@web/components/detail'
import { TextField } from '@web/components/form-field'
import { SectionCard } from '@web/components/section-card'
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert'
import { PendingButton } from '@web/components/pending-button'
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card'
import { usePageTitle } from '@web/hooks/use-page-title'
import { bindFields, schemaResolver, showServerErrors } from '@web/hooks/use-schema-form'
import { useTooLongMessage } from '@web/hooks/use-too-long-message'
import { formatDate } from '@web/lib/format'
import { useMe } from '@web/lib/session'
import { useUpdateProfile } from '../api/update-profile'

// Both names as typed; the server trims them and stores an empty character name as null.
const FormSchema = z.object({
  displayName: z.string().trim().min(1, 'required').max(MAX_DISPLAY_NAME, 'tooLong'),
  gameCharacterName: z.string().max(MAX_GAME_CHARACTER_NAME, 'tooLong'),
})
type Values = z.infer<typeof FormSchema>

function ProfileForm({ profile }: { profile: NonNullable<Me['profile']> }) {
  const { t } = useTranslation('profile')
  const update = useUpdateProfile()
  const form = useForm<Values>({
    resolver: schemaResolver(FormSchema),
    values: { displayName: profile.displayName, gameCharacterName: profile.gameCharacterName ?? '' },
  })
  const { isSubmitting, isDirty } = form.formState
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values)
      toast.success(t('saved.title'), { description: t('saved.text') })
    } catch (error) {
      // A refused name is said under it (too long: with the server's limit); anything else is a toast.
      showServerErrors(form, error, t('saveError'), ['displayName', 'gameCharacterName'])
    }
  })
  const tooLong = useTooLongMessage()
  const field = bindFields(
    form,
    (error) =>
      tooLong(error) ??
      (error?.message && t(`validation.${error.message}`, { defaultValue: t('errors:VALIDATION_FAILED') })),
  )
  return (
    <form id="profile-form" noValidate onSubmit={onSubmit} className="grid gap-4">
      <TextField
        id="profile-display-name"
        label={t('fields.displayName')}
        autoComplete="nickname"
        {...field('displayName')}
      />
      <TextField
        id="profile-character"
        label={t('fields.gameCharacterName')}
        hint={t('fields.gameCharacterNameHint')}
        keepHint
        {...field('gameCharacterName')}
      />
      <div className="flex justify-end">
        <PendingButton type="submit" disabled={!isDirty} pending={isSubmitting}>
          {t('save')}
        </PendingButton>
      </div>
    </form>
  )
}

export function ProfilePage() {
  const { t } = useTranslation('profile')
  usePageTitle(t('title'))
  const { data: me } = useMe()
  if (!me) return null
  const profile = me.profile
  const rows = [
    { key: 'email', value: me.user.email },
    { key: 'guild', value: me.guild?.name ?? '-' },
    {
      key: 'role',
      value: profile ? t(profile.role === 'guild_admin' ? 'roles.admin' : 'roles.member') : '-',
    },
    { key: 'memberSince', value: formatDate(profile?.createdAt) },
  ]
  return (
    <DashboardPage title={t('title')} subtitle={t('subtitle')} width="narrow">
      <Card>
        <CardHeader className="flex-row items-center gap-4">
          <InitialsAvatar
            name={profile?.displayName ?? me.user.name}
            email={me.user.email}
            className="size-16 text-xl"
          />
          <div className="grid gap-1">
            <h2 className="font-semibold leading-none tracking-tight">
              {profile?.displayName ?? me.user.name}
            </h2>
            <CardDescription>{t('avatarNote')}</CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          {profile ? (
            <ProfileForm profile={profile} />
          ) : (
            <Alert variant="warning">
              <AlertTitle>{t('noGuild.title')}</AlertTitle>
              <AlertDescription>{t('noGuild.description')}</AlertDescription>
            </Alert>
          )}
        </CardContent>
      </Card>
      <SectionCard title={t('account.title')}>
        <dl className="grid gap-4 sm:grid-cols-2">
          {rows.map((row) => (
            <Detail
              key={row.key}
              label={t(`account.${row.key}`)}
              testId={`account-${row.key}`}
              valueClassName="wrap-anywhere font-medium"
            >
              {row.value}
            </Detail>
          ))}
        </dl>
      </SectionCard>
    </DashboardPage>
  )
}
