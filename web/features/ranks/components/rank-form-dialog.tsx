import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { RANK_NAME_MAX, type Rank, RankInputSchema } from '@contract/ranks'
import { AddEditDialog, useNameError } from '@web/components/add-edit-dialog'
import { TextField } from '@web/components/form-field'
import { useAddEditForm } from '@web/hooks/use-add-edit-form'
import { lengthLimit } from '@web/hooks/use-schema-form'
import type { AddEditTarget } from '@web/hooks/use-add-edit-target'
import { useCreateRank, useRenameRank } from '../api/rank-writes'

type FormInput = z.input<typeof RankInputSchema>
const EMPTY: FormInput = { name: '' }
const toValues = (rank: Rank): FormInput => ({ name: rank.name })

/** Creates a rank (below the others) or renames one; a taken name is said under the field. */
export function RankFormDialog({ target, onClose }: { target: AddEditTarget<Rank>; onClose: () => void }) {
  const { t } = useTranslation('ranks')
  // A taken name is refused by its code (RANK_NAME_TAKEN), said in the errors' words.
  const nameError = useNameError('ranks')
  const { form, dialog } = useAddEditForm({
    ns: 'ranks',
    schema: RankInputSchema,
    empty: EMPTY,
    toValues,
    target,
    create: useCreateRank().mutateAsync,
    update: useRenameRank().mutateAsync,
    failureTitle: t('toast.saveError'),
    fields: ['name'],
    onClose,
  })
  return (
    <AddEditDialog {...dialog}>
      <TextField
        id="rank-name"
        label={t('form.name')}
        error={nameError(form.formState.errors.name)}
        autoComplete="off"
        limit={lengthLimit(form, 'name', RANK_NAME_MAX)}
        {...form.register('name')}
      />
    </AddEditDialog>
  )
}
