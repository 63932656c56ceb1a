import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { ROLES } from '@contract/enums'
import { type Member, MemberPatchSchema } from '@contract/members'
import { SelectField } from '@web/components/form-field'
import { FormDialog } from '@web/components/form-dialog'
import { bindFields, showServerErrors, useSchemaForm } from '@web/hooks/use-schema-form'
import { useUpdateMember } from '../api/update-member'
import { useFieldMessage } from '@web/hooks/use-field-message'
import { DisplayNameField } from './display-name-field'

type Props = { member: Member | null; onClose: () => void }

/**
 * Display name required; role guild_member or guild_admin, not one's own
 * (docs/product-rules.md, "Roles").
 */
export function EditMemberDialog({ member, onClose }: Props) {
  const { t } = useTranslation('users')
  const update = useUpdateMember()
  const form = useSchemaForm(MemberPatchSchema, { displayName: '', role: 'guild_member' })
  const { isSubmitting } = form.formState
  const field = bindFields(form, useFieldMessage('users'))

  useEffect(() => {
    if (member) form.reset({ displayName: member.displayName, role: member.role })
  }, [member, form])

  const onSubmit = form.handleSubmit(async (values) => {
    if (!member) return
    try {
      await update.mutateAsync({ id: member.id, ...values })
      toast.success(t('toast.updated'))
      onClose()
    } catch (error) {
      showServerErrors(form, error, t('toast.editError'), ['displayName'])
    }
  })

  const selfRole = Boolean(member?.isSelf)

  return (
    <FormDialog
      open={member !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('edit.title')}
      description={t('edit.description', { email: member?.email ?? '' })}
      onSubmit={onSubmit}
      submitLabel={t('edit.save')}
      pending={isSubmitting}
    >
      <DisplayNameField
        id="member-display-name"
        label={t('edit.displayName')}
        length={form.watch('displayName').length}
        {...field('displayName')}
      />
      <SelectField
        id="member-role"
        label={t('edit.role')}
        hint={selfRole ? t('edit.selfRoleHint') : t('edit.roleHelp')}
        control={form.control}
        name="role"
        options={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
        disabled={selfRole}
      />
    </FormDialog>
  )
}
