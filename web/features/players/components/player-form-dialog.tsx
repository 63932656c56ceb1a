import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { PLAYER_STATUSES } from '@contract/enums'
import { type Player, PlayerInputSchema } from '@contract/players'
import { SelectField, TextareaField, TextField } from '@web/components/form-field'
import { AddEditDialog, useNameError } from '@web/components/add-edit-dialog'
import { type AddEditTarget, useAddEditForm } from '@web/hooks/use-add-edit-form'
import { useCreatePlayer } from '../api/create-player'
import { useUpdatePlayer } from '../api/update-player'

type FormInput = z.input<typeof PlayerInputSchema>

type Props = { target: AddEditTarget<Player>; onClose: () => void }

const EMPTY: FormInput = { name: '', notes: '', playerStatus: 'active' }
const toValues = (player: Player): FormInput => ({
  name: player.name,
  notes: player.notes ?? '',
  playerStatus: player.playerStatus,
})

export function PlayerFormDialog({ target, onClose }: Props) {
  const { t } = useTranslation('players')
  const nameError = useNameError('players')
  const { form, dialog } = useAddEditForm({
    ns: 'players',
    schema: PlayerInputSchema,
    empty: EMPTY,
    toValues,
    target,
    create: useCreatePlayer().mutateAsync,
    update: useUpdatePlayer().mutateAsync,
    failureTitle: t('toast.saveError'),
    fields: ['name'],
    onClose,
  })
  const { errors } = form.formState

  return (
    <AddEditDialog {...dialog}>
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
