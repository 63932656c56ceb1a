import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import type { z } from 'zod'
import { PLAYER_STATUSES } from '@contract/enums'
import { type Player, PlayerInputSchema } from '@contract/players'
import { SelectField, TextareaField, TextField } from '@web/components/form-field'
import { AddEditDialog, useNameError } from '@web/components/add-edit-dialog'
import { showServerErrors, useSchemaForm } from '@web/hooks/use-schema-form'
import { useCreatePlayer } from '../api/create-player'
import { useUpdatePlayer } from '../api/update-player'

type FormInput = z.input<typeof PlayerInputSchema>

type Props = {
  open: boolean
  /** null: a new player. */
  player: Player | null
  onOpenChange: (open: boolean) => void
}

const EMPTY: FormInput = { name: '', notes: '', playerStatus: 'active' }

export function PlayerFormDialog({ open, player, onOpenChange }: Props) {
  const { t } = useTranslation('players')
  const create = useCreatePlayer()
  const update = useUpdatePlayer()
  const nameError = useNameError('players')
  const form = useSchemaForm(PlayerInputSchema, EMPTY)
  const { errors, isSubmitting } = form.formState

  useEffect(() => {
    if (open) {
      form.reset(
        player ? { name: player.name, notes: player.notes ?? '', playerStatus: player.playerStatus } : EMPTY,
      )
    }
  }, [open, player, form])

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await (player ? update.mutateAsync({ id: player.id, ...values }) : create.mutateAsync(values))
      toast.success(player ? t('toast.updated') : t('toast.created'))
      onOpenChange(false)
    } catch (error) {
      showServerErrors(form, error, t('toast.saveError'), ['name'])
    }
  })

  return (
    <AddEditDialog
      ns="players"
      editing={player !== null}
      open={open}
      onOpenChange={onOpenChange}
      onSubmit={onSubmit}
      pending={isSubmitting}
    >
      <TextField
        id="player-name"
        label={t('form.name')}
        error={nameError(errors.name)}
        autoComplete="off"
        maxLength={80}
        {...form.register('name')}
      />
      <TextareaField
        id="player-notes"
        label={t('form.notes')}
        rows={3}
        maxLength={1000}
        placeholder={t('form.notesPlaceholder')}
        {...form.register('notes')}
      />
      <SelectField
        id="player-status"
        label={t('form.status')}
        hint={t('form.statusHelp')}
        control={form.control}
        name="playerStatus"
        options={PLAYER_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
      />
    </AddEditDialog>
  )
}
