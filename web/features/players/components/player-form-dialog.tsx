import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { PLAYER_STATUSES } from '@contract/enums'
import { PLAYER_NAME_MAX, PLAYER_NOTES_MAX, type Player, PlayerInputSchema } from '@contract/players'
import { SelectField, TextareaField, TextField } from '@web/components/form-field'
import { AddEditDialog, useNameError, useTextError } from '@web/components/add-edit-dialog'
import { useAddEditForm } from '@web/hooks/use-add-edit-form'
import { lengthLimit } from '@web/hooks/use-schema-form'
import type { AddEditTarget } from '@web/hooks/use-add-edit-target'
import { useRanks } from '@web/lib/ranks'
import { useCreatePlayer } from '../api/create-player'
import { useUpdatePlayer } from '../api/update-player'
import { isRoster } from '../roster-paste'

/** A select holds strings: "none" is no rank, sent as null. */
const NO_RANK = 'none'
const PlayerFormSchema = PlayerInputSchema.extend({ rankId: z.union([z.uuid(), z.literal(NO_RANK)]) })
type FormInput = z.input<typeof PlayerFormSchema>
/** A new player without a rank is sent without one; an edit to "none" clears the player's rank. */
const created = <V extends { rankId: string }>({ rankId, ...values }: V) =>
  rankId === NO_RANK ? values : { ...values, rankId }
const changed = <V extends { rankId: string }>(values: V) => ({
  ...values,
  rankId: values.rankId === NO_RANK ? null : values.rankId,
})

type Props = {
  target: AddEditTarget<Player>
  onClose: () => void
  /** A paste of several lines into a new player's name: a roster, added at once instead (players-batch-dialog). */
  onPasteRoster?: (text: string) => void
}

const EMPTY: FormInput = { name: '', notes: '', playerStatus: 'active', rankId: NO_RANK }
const toValues = (player: Player): FormInput => ({
  name: player.name,
  notes: player.notes ?? '',
  playerStatus: player.playerStatus,
  rankId: player.rankId ?? NO_RANK,
})

export function PlayerFormDialog({ target, onClose, onPasteRoster }: Props) {
  const { t } = useTranslation('players')
  const nameError = useNameError('players')
  const textError = useTextError()
  const ranks = useRanks().data ?? []
  const createPlayer = useCreatePlayer().mutateAsync
  const updatePlayer = useUpdatePlayer().mutateAsync
  const { form, dialog } = useAddEditForm({
    ns: 'players',
    schema: PlayerFormSchema,
    empty: EMPTY,
    toValues,
    target,
    create: (values) => createPlayer(created(values)),
    update: (values) => updatePlayer(changed(values)),
    failureTitle: t('toast.saveError'),
    fields: ['name', 'notes'],
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
        limit={lengthLimit(form, 'name', PLAYER_NAME_MAX)}
        {...form.register('name')}
        // A one-line field joins a pasted list's lines into one long name: several names open the roster's
        // dialog with them instead (an outside tester pasted four names and got one).
        onPaste={(event) => {
          const text = event.clipboardData.getData('text')
          if (!target || target.row !== null || !onPasteRoster || !isRoster(text)) return
          event.preventDefault()
          onPasteRoster(text)
        }}
      />
      <TextareaField
        id="player-notes"
        label={t('form.notes')}
        rows={3}
        error={textError(errors.notes)}
        limit={lengthLimit(form, 'notes', PLAYER_NOTES_MAX)}
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
      {/* A guild without ranks sees no rank field; a player keeps theirs either way. */}
      {ranks.length > 0 && (
        <SelectField
          id="player-rank"
          label={t('form.rank')}
          hint={t('form.rankHelp')}
          control={form.control}
          name="rankId"
          options={[
            { value: NO_RANK, label: t('rank.none') },
            ...ranks.map((rank) => ({ value: rank.id, label: rank.name })),
          ]}
        />
      )}
    </AddEditDialog>
  )
}
