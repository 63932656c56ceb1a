import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import type { z } from 'zod'
import { RARITIES } from '@contract/enums'
import { type Item, ItemInputSchema } from '@contract/items'
import { SelectField, TextareaField, TextField } from '@web/components/form-field'
import { AddEditDialog, useNameError } from '@web/components/add-edit-dialog'
import { showServerErrors, useSchemaForm } from '@web/hooks/use-schema-form'
import { useCreateItem } from '../api/create-item'
import { useUpdateItem } from '../api/update-item'

type FormInput = z.input<typeof ItemInputSchema>
type Props = { open: boolean; item: Item | null; onOpenChange: (open: boolean) => void }

const EMPTY: FormInput = { name: '', description: '', rarity: 'none', itemType: '' }

export function ItemFormDialog({ open, item, onOpenChange }: Props) {
  const { t } = useTranslation('items')
  const create = useCreateItem()
  const update = useUpdateItem()
  const nameError = useNameError('items')
  const form = useSchemaForm(ItemInputSchema, EMPTY)
  const { errors, isSubmitting } = form.formState

  useEffect(() => {
    if (!open) return
    form.reset(
      item
        ? {
            name: item.name,
            description: item.description ?? '',
            rarity: item.rarity ?? 'none',
            itemType: item.itemType ?? '',
          }
        : EMPTY,
    )
  }, [open, item, form])

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await (item ? update.mutateAsync({ id: item.id, ...values }) : create.mutateAsync(values))
      toast.success(item ? t('toast.updated') : t('toast.created'))
      onOpenChange(false)
    } catch (error) {
      showServerErrors(form, error, t('toast.errorTitle'), ['name'])
    }
  })

  const rarityOptions = ['none' as const, ...RARITIES].map((rarity) => ({
    value: rarity,
    label: t(`common:rarity.${rarity}`),
  }))

  return (
    <AddEditDialog
      ns="items"
      editing={item !== null}
      open={open}
      onOpenChange={onOpenChange}
      onSubmit={onSubmit}
      pending={isSubmitting}
    >
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
