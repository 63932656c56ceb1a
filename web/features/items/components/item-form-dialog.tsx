import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { RARITIES } from '@contract/enums'
import {
  ITEM_DESCRIPTION_MAX,
  ITEM_NAME_MAX,
  ITEM_TYPE_MAX,
  type Item,
  ItemInputSchema,
} from '@contract/items'
import { SelectField, TextareaField, TextField } from '@web/components/form-field'
import { AddEditDialog, useNameError, useTextError } from '@web/components/add-edit-dialog'
import { useAddEditForm } from '@web/hooks/use-add-edit-form'
import { lengthLimit } from '@web/hooks/use-schema-form'
import type { AddEditTarget } from '@web/hooks/use-add-edit-target'
import { useRanks } from '@web/lib/ranks'
import { useCreateItem } from '../api/create-item'
import { useUpdateItem } from '../api/update-item'

/** A select holds strings: "anyone" is no minimum rank, sent as null (docs/decisions/018-ranks.md). */
const ANYONE = 'anyone'
const ItemFormSchema = ItemInputSchema.extend({ minRankId: z.union([z.uuid(), z.literal(ANYONE)]) })
type FormInput = z.input<typeof ItemFormSchema>
type Props = { target: AddEditTarget<Item>; onClose: () => void }
/** A new item without a minimum is sent without one; an edit to "anyone" lifts the item's minimum. */
const created = <V extends { minRankId: string }>({ minRankId, ...values }: V) =>
  minRankId === ANYONE ? values : { ...values, minRankId }
const changed = <V extends { minRankId: string }>(values: V) => ({
  ...values,
  minRankId: values.minRankId === ANYONE ? null : values.minRankId,
})

const EMPTY: FormInput = { name: '', description: '', rarity: 'none', itemType: '', minRankId: ANYONE }
const toValues = (item: Item): FormInput => ({
  name: item.name,
  description: item.description ?? '',
  rarity: item.rarity ?? 'none',
  itemType: item.itemType ?? '',
  minRankId: item.minRankId ?? ANYONE,
})

export function ItemFormDialog({ target, onClose }: Props) {
  const { t } = useTranslation('items')
  const nameError = useNameError('items')
  const textError = useTextError()
  const ranks = useRanks().data ?? []
  const createItem = useCreateItem().mutateAsync
  const updateItem = useUpdateItem().mutateAsync
  const { form, dialog } = useAddEditForm({
    ns: 'items',
    schema: ItemFormSchema,
    empty: EMPTY,
    toValues,
    target,
    create: (values) => createItem(created(values)),
    update: (values) => updateItem(changed(values)),
    failureTitle: t('toast.errorTitle'),
    fields: ['name', 'description', 'itemType'],
    onClose,
  })
  const { errors } = form.formState

  const rarityOptions = ['none' as const, ...RARITIES].map((rarity) => ({
    value: rarity,
    label: t(`common:rarity.${rarity}`),
  }))

  return (
    <AddEditDialog {...dialog}>
      <TextField
        id="item-name"
        label={t('form.name')}
        error={nameError(errors.name)}
        autoComplete="off"
        limit={lengthLimit(form, 'name', ITEM_NAME_MAX)}
        {...form.register('name')}
      />
      <TextareaField
        id="item-description"
        label={t('form.description')}
        rows={3}
        error={textError(errors.description)}
        limit={lengthLimit(form, 'description', ITEM_DESCRIPTION_MAX)}
        placeholder={t('form.optional')}
        {...form.register('description')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id="item-rarity"
          label={t('form.rarity')}
          control={form.control}
          name="rarity"
          options={rarityOptions}
        />
        <TextField
          id="item-type"
          label={t('form.type')}
          autoComplete="off"
          error={textError(errors.itemType)}
          limit={lengthLimit(form, 'itemType', ITEM_TYPE_MAX)}
          placeholder={t('form.typePlaceholder')}
          {...form.register('itemType')}
        />
      </div>
      {/* A guild without ranks sees no minimum; an item keeps its own either way. */}
      {ranks.length > 0 && (
        <SelectField
          id="item-min-rank"
          label={t('form.minRank')}
          hint={t('form.minRankHelp')}
          control={form.control}
          name="minRankId"
          options={[
            { value: ANYONE, label: t('form.minRankAnyone') },
            ...ranks.map((rank) => ({ value: rank.id, label: t('form.minRankOption', { rank: rank.name }) })),
          ]}
        />
      )}
    </AddEditDialog>
  )
}
