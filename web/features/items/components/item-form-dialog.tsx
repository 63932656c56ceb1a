import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import type { z } from 'zod'
import { RARITIES } from '@contract/enums'
import { type Item, ItemInputSchema } from '@contract/items'
import { Field, TextField } from '@web/components/form-field'
import { FormDialog } from '@web/components/form-dialog'
import { Textarea } from '@web/components/ui/textarea'
import { Label } from '@web/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select'
import { showFormError } from '@web/lib/error-handler'
import { useCreateItem } from '../api/create-item'
import { useUpdateItem } from '../api/update-item'

type FormInput = z.input<typeof ItemInputSchema>
type FormOutput = z.output<typeof ItemInputSchema>
type Props = { open: boolean; item: Item | null; onOpenChange: (open: boolean) => void }

const EMPTY: FormInput = { name: '', description: '', rarity: 'none', itemType: '' }

export function ItemFormDialog({ open, item, onOpenChange }: Props) {
  const { t } = useTranslation('items')
  const create = useCreateItem()
  const update = useUpdateItem()
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(ItemInputSchema),
    defaultValues: EMPTY,
  })
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
      if (item) {
        await update.mutateAsync({ id: item.id, ...values })
        toast.success(t('toast.updated'))
      } else {
        await create.mutateAsync(values)
        toast.success(t('toast.created'))
      }
      onOpenChange(false)
    } catch (error) {
      showFormError(error, t('toast.errorTitle'), ['name'] as const, (field, code) =>
        form.setError(field, { type: 'server', message: code }),
      )
    }
  })

  const nameError =
    errors.name &&
    (errors.name.type === 'server'
      ? errors.name.message
      : errors.name.type === 'too_big'
        ? t('form.tooLong')
        : t('form.nameRequired'))

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={item ? t('form.editTitle') : t('form.addTitle')}
      description={item ? t('form.editDescription') : t('form.addDescription')}
      onSubmit={onSubmit}
      submitLabel={item ? t('form.save') : t('form.add')}
      pending={isSubmitting}
    >
      <TextField
        id="item-name"
        label={t('form.name')}
        error={nameError}
        autoComplete="off"
        maxLength={120}
        {...form.register('name')}
      />
      <Field id="item-description" label={t('form.description')}>
        {(aria) => (
          <Textarea
            {...aria}
            rows={3}
            maxLength={2000}
            placeholder={t('form.optional')}
            {...form.register('description')}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="item-rarity">{t('form.rarity')}</Label>
          <Controller
            control={form.control}
            name="rarity"
            render={({ field }) => (
              <Select value={field.value ?? 'none'} onValueChange={field.onChange}>
                <SelectTrigger id="item-rarity" onBlur={field.onBlur}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="none">{t('common:rarity.none')}</SelectItem>
                  {RARITIES.map((rarity) => (
                    <SelectItem key={rarity} value={rarity}>
                      {t(`common:rarity.${rarity}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </div>
        <TextField
          id="item-type"
          label={t('form.type')}
          autoComplete="off"
          maxLength={80}
          placeholder={t('form.typePlaceholder')}
          {...form.register('itemType')}
        />
      </div>
    </FormDialog>
  )
}
