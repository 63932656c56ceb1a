import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { z } from 'zod'
import type { Me } from '@contract/accounts'
import { PageHeader } from '@web/components/layout/page-states'
import { InitialsAvatar } from '@web/components/layout/dashboard/avatar'
import { Detail } from '@web/components/detail'
import { SectionCard } from '@web/components/section-card'
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert'
import { PendingButton } from '@web/components/pending-button'
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card'
import { Input } from '@web/components/ui/input'
import { FieldError, Label } from '@web/components/ui/label'
import { usePageTitle } from '@web/hooks/use-page-title'
import { handleError } from '@web/lib/error-handler'
import { formatDate } from '@web/lib/format'
import { useMe } from '@web/lib/session'
import { useUpdateProfile } from '../api/update-profile'

// Both names as typed; the server trims them and stores an empty character name as null.
const FormSchema = z.object({
  displayName: z.string().trim().min(1, 'required').max(80, 'tooLong'),
  gameCharacterName: z.string().max(80, 'tooLong'),
})
type Values = z.infer<typeof FormSchema>

function ProfileForm({ profile }: { profile: NonNullable<Me['profile']> }) {
  const { t } = useTranslation('profile')
  const update = useUpdateProfile()
  const form = useForm<Values>({
    resolver: zodResolver(FormSchema),
    values: { displayName: profile.displayName, gameCharacterName: profile.gameCharacterName ?? '' },
  })
  const { errors, isSubmitting, isDirty } = form.formState
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values)
      toast.success(t('saved.title'), { description: t('saved.text') })
    } catch (error) {
      handleError(error, t('saveError'))
    }
  })
  const message = (key?: string) => key && t(`validation.${key}`)
  return (
    <form id="profile-form" noValidate onSubmit={onSubmit} className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor="profile-display-name">{t('fields.displayName')}</Label>
        <Input
          id="profile-display-name"
          autoComplete="nickname"
          aria-invalid={errors.displayName ? true : undefined}
          aria-describedby={errors.displayName ? 'profile-display-name-error' : undefined}
          {...form.register('displayName')}
        />
        <FieldError id="profile-display-name-error">{message(errors.displayName?.message)}</FieldError>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="profile-character">{t('fields.gameCharacterName')}</Label>
        <Input
          id="profile-character"
          aria-describedby="profile-character-hint"
          aria-invalid={errors.gameCharacterName ? true : undefined}
          {...form.register('gameCharacterName')}
        />
        <p id="profile-character-hint" className="text-muted-foreground text-xs">
          {t('fields.gameCharacterNameHint')}
        </p>
        <FieldError>{message(errors.gameCharacterName?.message)}</FieldError>
      </div>
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
    <div className="mx-auto grid w-full max-w-3xl gap-6 p-4 md:p-6">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
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
              valueClassName="break-words font-medium"
            >
              {row.value}
            </Detail>
          ))}
        </dl>
      </SectionCard>
    </div>
  )
}
