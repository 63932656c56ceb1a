import { RARITIES, type Rarity } from '@contract/enums'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select'
import { useTranslation } from 'react-i18next'

export type RarityChoice = Rarity | 'all'

type Props = {
  id: string
  value: RarityChoice
  onChange: (value: RarityChoice) => void
  /** The "all rarities" choice, in the screen's words. */
  allLabel: string
  'aria-label'?: string
}

/** Filters a list by rarity: every rarity, or all of them. */
export function RarityFilter({ id, value, onChange, allLabel, 'aria-label': ariaLabel }: Props) {
  const { t } = useTranslation('common')
  return (
    <Select value={value} onValueChange={(next) => onChange(next as RarityChoice)}>
      <SelectTrigger id={id} aria-label={ariaLabel}>
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
  )
}
