import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { PLAYER_STATUSES } from '@contract/enums'
import { type Player, PlayerInputSchema } from '@contract/players'
import { SelectField, TextareaField, TextField } from '@web/components/form-field'
import { AddEditDialog, useNameError } from '@web/components/add-edit-dialog'
import { useAddEditForm } from '@web/hooks/use-add-edit-form'
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
const toValues = (player: Player): FormInput => ({
  name: player.name,
  notes: player.notes ?? '',
  playerStatus: player.playerStatus,
})

export function PlayerFormDialog({ open, player, onOpenChange }: Props) {
  const { t } = useTranslation('players')
  const create = useCreatePlayer()
  const update = useUpdatePlayer()
  const nameError = useNameError('players')
  const { form, onSubmit } = useAddEditForm({
    ns: 'players',
    schema: PlayerInputSchema,
    empty: EMPTY,
    toValues,
    row: player,
    open,
    save: (values, row) => (row ? update.mutateAsync({ id: row.id, ...values }) : create.mutateAsync(values)),
    failureTitle: t('toast.saveError'),
    fields: ['name'],
    onSaved: () => onOpenChange(false),
  })
  const { errors, isSubmitting } = form.formState

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
