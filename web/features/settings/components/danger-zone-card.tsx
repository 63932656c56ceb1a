import { useQuery } from '@tanstack/react-query'
import { Trash2 } from 'lucide-react'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import type { Me } from '@contract/accounts'
import { SectionCard } from '@web/components/section-card'
import { ConfirmDialog } from '@web/components/confirm-dialog'
import { Button } from '@web/components/ui/button'
import { Input } from '@web/components/ui/input'
import { Label } from '@web/components/ui/label'
import { PasswordField } from '@web/components/password-field'
import { errorCode } from '@web/lib/api-client'
import { handleError } from '@web/lib/error-handler'
import { useSingleFlight } from '@web/hooks/use-single-flight'
import { useDeleteAccount } from '../api/delete-account'
import { accountDeletionQueryOptions } from '../api/get-account-deletion'

/**
 * Deletion is real. Deleting the account of the guild's last active admin takes the guild, all its data and
 * its members' accounts with it: only then is the guild's name typed to confirm. The server says which case
 * applies (GET /me/deletion), asked again as the dialog opens, and checks the name in that case only. The
 * account's current password is asked every time: the server re-authenticates (DELETE /me), and a wrong one
 * is said under its field, which takes the focus to be typed again.
 */
export function DangerZoneCard({ me }: { me: Me }) {
  const { t } = useTranslation('settings')
  const navigate = useNavigate()
  const remove = useDeleteAccount()
  // One deletion however often "Excluir definitivamente" is clicked: a second one, sent before the button was
  // drawn busy, reached the server after the first had ended the session, and its 401 came up as an error on
  // the landing page.
  const flight = useSingleFlight()
  // Not asked again once the account is being deleted: the session is about to end.
  const deleting = remove.isPending || remove.isSuccess
  const deletion = useQuery({ ...accountDeletionQueryOptions(), enabled: Boolean(me.guild) && !deleting })
  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState('')
  const [password, setPassword] = useState('')
  const [passwordWrong, setPasswordWrong] = useState(false)
  const passwordRef = useRef<HTMLInputElement>(null)
  const guildName = me.guild?.name ?? ''
  const known = !me.guild || deletion.data !== undefined
  const needsName = deletion.data?.deletes === 'guild'
  const ready = known && password !== '' && (!needsName || typed.trim() === guildName.trim())

  const confirm = () => flight.run(deleteAccount, false)
  const deleteAccount = async () => {
    try {
      const result = await remove.mutateAsync({
        currentPassword: password,
        ...(needsName && { confirmGuildName: typed }),
      })
      setOpen(false)
      // The account's sessions went with it (a sign-out call would only answer 401). Leaving the dashboard
      // forgets what it read (forgetEndedSession, web/lib/session.ts).
      navigate('/', { replace: true })
      toast.success(result.deleted === 'guild' ? t('danger.guildDeleted') : t('danger.accountDeleted'))
      return true
    } catch (error) {
      if (errorCode(error) === 'CURRENT_PASSWORD_WRONG') {
        setPasswordWrong(true)
        passwordRef.current?.focus()
        return false
      }
      // The last other admin left meanwhile: the guild now goes too, so the dialog asks for its name.
      if (errorCode(error) === 'GUILD_NAME_MISMATCH' && !needsName) void deletion.refetch()
      handleError(error, t('danger.error'))
      return false
    }
  }

  return (
    <SectionCard
      title={t('danger.title')}
      description={needsName ? t('danger.guildDescription') : t('danger.memberDescription')}
      danger
    >
      <ConfirmDialog
        open={open}
        onOpen={() => {
          setOpen(true)
          if (me.guild) void deletion.refetch()
        }}
        onClose={() => {
          setOpen(false)
          setTyped('')
          setPassword('')
          setPasswordWrong(false)
        }}
        trigger={
          <Button variant="destructive">
            <Trash2 aria-hidden />
            {t('danger.button')}
          </Button>
        }
        title={t('danger.confirmTitle')}
        description={needsName ? t('danger.confirmGuild', { guild: guildName }) : t('danger.confirmMember')}
        cancelLabel={t('danger.cancel')}
        confirmLabel={t('danger.confirm')}
        busy={flight.pending}
        confirmDisabled={!ready}
        onConfirm={confirm}
      >
        {needsName && (
          <p className="text-sm text-muted-foreground" data-testid="delete-guild-billing">
            {t('danger.guildBilling')}
          </p>
        )}
        {needsName && (
          <div className="grid gap-2">
            <Label htmlFor="confirm-guild-name">{t('danger.typeName', { guild: guildName })}</Label>
            <Input
              id="confirm-guild-name"
              autoComplete="off"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
          </div>
        )}
        <PasswordField
          ref={passwordRef}
          id="confirm-account-password"
          autoComplete="current-password"
          label={t('danger.password')}
          error={passwordWrong ? t('password.validation.CURRENT_PASSWORD_WRONG') : undefined}
          value={password}
          onChange={(e) => {
            setPassword(e.target.value)
            setPasswordWrong(false)
          }}
        />
      </ConfirmDialog>
    </SectionCard>
  )
}
