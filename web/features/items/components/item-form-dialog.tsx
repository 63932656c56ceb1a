import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { RARITIES } from '@contract/enums'
import { type Item, ItemInputSchema } from '@contract/items'
import { SelectField, TextareaField, TextField } from '@web/components/form-field'
import { AddEditDialog, useNameError } from '@web/components/add-edit-dialog'
import { type AddEditTarget, useAddEditForm } from '@web/hooks/use-add-edit-form'
import { useCreateItem } from '../api/create-item'
import { useUpdateItem } from '../api/update-item'

type FormInput = z.input<typeof ItemInputSchema>
type Props = { target: AddEditTarget<Item>; onClose: () => void }

const EMPTY: FormInput = { name: '', description: '', rarity: 'none', itemType: '' }
const toValues = (item: Item): FormInput => ({
  name: item.name,
  description: item.description ?? '',
  rarity: item.rarity ?? 'none',
  itemType: item.itemType ?? '',
})

export function ItemFormDialog({ target, onClose }: Props) {
  const { t } = useTranslation('items')
  const nameError = useNameError('items')
  const { form, dialog } = useAddEditForm({
    ns: 'items',
    schema: ItemInputSchema,
    empty: EMPTY,
    toValues,
    target,
    create: useCreateItem().mutateAsync,
    update: useUpdateItem().mutateAsync,
    failureTitle: t('toast.errorTitle'),
    fields: ['name'],
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
        maxLength={120}
        {...form.register('name')}
      />
      <TextareaField
        id="item-description"
        label={t('form.description')}
        rows={3}
        maxLength={2000}
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
          maxLength={80}
          placeholder={t('form.typePlaceholder')}
          {...form.register('itemType')}
        />
      </div>
    </AddEditDialog>
  )
}
