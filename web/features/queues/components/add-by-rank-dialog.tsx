import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Rank } from '@contract/ranks'
import { FormDialog } from '@web/components/form-dialog'

type Props = {
  open: boolean
  ranks: readonly Rank[]
  onClose: () => void
  /** The ranks chosen ("none": players without one), or undefined when every one is. */
  onAdd: (ranks: string[] | undefined) => void
}

/** "Add all" in a guild with ranks: which ranks' players join the queue (all of them at first). */
export function AddByRankDialog({ open, ranks, onClose, onAdd }: Props) {
  const { t } = useTranslation('items')
  const choices = [
    ...ranks.map((rank) => ({ value: rank.id, label: rank.name })),
    { value: 'none', label: t('addAll.none') },
  ]
  const [unchecked, setUnchecked] = useState<ReadonlySet<string>>(new Set())
  const chosen = choices.filter((choice) => !unchecked.has(choice.value)).map((choice) => choice.value)
  const toggle = (value: string) =>
    setUnchecked((before) => {
      const next = new Set(before)
      if (!next.delete(value)) next.add(value)
      return next
    })
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('addAll.title')}
      description={t('addAll.description')}
      submitLabel={t('addAll.submit')}
      submitDisabled={chosen.length === 0}
      onSubmit={(event) => {
        event.preventDefault()
        onAdd(chosen.length === choices.length ? undefined : chosen)
        onClose()
      }}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-medium text-sm">{t('addAll.ranks')}</legend>
        {choices.map((choice) => (
          <label key={choice.value} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={!unchecked.has(choice.value)}
              onChange={() => toggle(choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </fieldset>
    </FormDialog>
  )
}
