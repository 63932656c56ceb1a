import { RARITIES, type Rarity } from '@contract/enums'
import { Label } from '@web/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select'
import { cn } from '@web/lib/cn'
import { useTranslation } from 'react-i18next'

export type RarityChoice = Rarity | 'all'

type Props = {
  id: string
  /** Shown above the list and its accessible name: a name that contains what is shown (WCAG 2.5.3). */
  label: string
  value: RarityChoice
  onChange: (value: RarityChoice) => void
  /** The "all rarities" choice, in the screen's words. */
  allLabel: string
  className?: string
}

/** Filters a list by rarity: every rarity, or all of them. */
export function RarityFilter({ id, label, value, onChange, allLabel, className }: Props) {
  const { t } = useTranslation('common')
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={(next) => onChange(next as RarityChoice)}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="all">{allLabel}</SelectItem>
          {RARITIES.map((rarity) => (
            <SelectItem key={rarity} value={rarity}>
              {t(`rarity.${rarity}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  )
}
