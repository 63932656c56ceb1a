import { useQueryClient } from '@tanstack/react-query'
import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import type { Me } from '@contract/accounts'
import { SectionCard } from '@web/components/section-card'
import { ConfirmDialog } from '@web/components/confirm-dialog'
import { Button } from '@web/components/ui/button'
import { Input } from '@web/components/ui/input'
import { Label } from '@web/components/ui/label'
import { handleError } from '@web/lib/error-handler'
import { signOut } from '@web/lib/session'
import { useDeleteAccount } from '../api/delete-account'

/**
 * Deletion is real. A member deletes their account; an admin types the guild name, because
 * the last admin's deletion takes the guild, all its data and its members' accounts with it.
 */
export function DangerZoneCard({ me }: { me: Me }) {
  const { t } = useTranslation('settings')
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const remove = useDeleteAccount()
  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState('')
  const guildName = me.guild?.name ?? ''
  const needsName = me.profile?.role === 'guild_admin' && Boolean(me.guild)
  const ready = !needsName || typed.trim() === guildName.trim()

  const confirm = async () => {
    try {
      const result = await remove.mutateAsync(needsName ? { confirmGuildName: typed } : {})
      setOpen(false)
      await signOut(queryClient).catch(() => {})
      toast.success(result.deleted === 'guild' ? t('danger.guildDeleted') : t('danger.accountDeleted'))
      navigate('/', { replace: true })
      return true
    } catch (error) {
      handleError(error, t('danger.error'))
      return false
    }
  }

  return (
    <SectionCard
      title={t('danger.title')}
      description={needsName ? t('danger.adminDescription') : t('danger.memberDescription')}
      danger
    >
      <ConfirmDialog
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => {
          setOpen(false)
          setTyped('')
        }}
        trigger={
          <Button variant="destructive">
            <Trash2 aria-hidden />
            {t('danger.button')}
          </Button>
        }
        title={t('danger.confirmTitle')}
        description={needsName ? t('danger.confirmAdmin', { guild: guildName }) : t('danger.confirmMember')}
        cancelLabel={t('danger.cancel')}
        confirmLabel={t('danger.confirm')}
        busy={remove.isPending}
        confirmDisabled={!ready}
        onConfirm={confirm}
      >
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
      </ConfirmDialog>
    </SectionCard>
  )
}
