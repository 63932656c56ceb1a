import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import type { z } from 'zod'
import { MAX_EMAIL_LENGTH } from '@contract/accounts'
import { type InviteSlots, InviteInputSchema } from '@contract/members'
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert'
import { Button } from '@web/components/ui/button'
import { TextField } from '@web/components/form-field'
import { DialogForm, DialogShell } from '@web/components/form-dialog'
import { DialogFooter } from '@web/components/ui/dialog'
import { ApiError } from '@web/lib/api-client'
import { bindFields, showServerErrors, useSchemaForm } from '@web/hooks/use-schema-form'
import { useInviteMember } from '../api/invite-member'
import { BuyInviteButton } from './buy-invite-button'
import { useFieldMessage } from '@web/hooks/use-field-message'
import { DisplayNameField } from './display-name-field'

type FormInput = z.input<typeof InviteInputSchema>
const EMPTY: FormInput = { email: '', displayName: '' }

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  slots: InviteSlots
  onBuy: () => void
  buying: boolean
}

export function InviteDialog({ open, onOpenChange, slots, onBuy, buying }: Props) {
  const { t } = useTranslation('users')
  const invite = useInviteMember()
  const form = useSchemaForm(InviteInputSchema, EMPTY)
  const { isSubmitting } = form.formState
  const field = bindFields(form, useFieldMessage('users'))
  // Blocked once pending + accepted reach 3 + the purchased extra invites
  // (docs/product-rules.md, "Members and invitations").
  const full = slots.used >= slots.limit

  useEffect(() => {
    if (open) form.reset(EMPTY)
  }, [open, form])

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await invite.mutateAsync(values)
      if (result.emailSent) {
        toast.success(t('toast.inviteSent'), {
          description: t('toast.inviteSentText', { email: result.email }),
        })
      } else {
        // The invitation stands; inviting the same e-mail again replaces it and sends a fresh link.
        toast.warning(t('toast.inviteNotMailed'), { description: t('toast.inviteNotMailedText') })
      }
      onOpenChange(false)
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVITE_LIMIT_REACHED') {
        // Someone else took the last slot meanwhile: the refetched slots turn this dialog into the limit
        // notice. The server's message names the limit it counted (errors.json needs that number).
        toast.error(t('toast.inviteError'), { description: error.message })
        return
      }
      showServerErrors(form, error, t('toast.inviteError'), ['email', 'displayName'])
    }
  })

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title={t('invite.title')}
      description={t('invite.description')}
    >
      {full ? (
        <>
          <Alert variant="warning" data-testid="invite-limit">
            <AlertTitle>{t('invite.limitTitle')}</AlertTitle>
            <AlertDescription>{t('invite.limitText', { limit: slots.limit })}</AlertDescription>
          </Alert>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('common:cancel')}
            </Button>
            <BuyInviteButton onBuy={onBuy} buying={buying} variant="default" />
          </DialogFooter>
        </>
      ) : (
        <DialogForm
          onSubmit={onSubmit}
          submitLabel={t('invite.submit')}
          onCancel={() => onOpenChange(false)}
          pending={isSubmitting}
        >
          <TextField
            id="invite-email"
            label={t('invite.email')}
            type="email"
            autoComplete="off"
            maxLength={MAX_EMAIL_LENGTH}
            {...field('email')}
          />
          <DisplayNameField
            id="invite-display-name"
            label={t('invite.displayName')}
            length={form.watch('displayName').length}
            {...field('displayName')}
          />
        </DialogForm>
      )}
    </DialogShell>
  )
}
