import { Plus } from 'lucide-react'
import { type ComponentProps, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Item } from '@contract/items'
import { Button } from '@web/components/ui/button'
import { Card, CardContent } from '@web/components/ui/card'
import { type RarityChoice, RarityFilter } from '@web/components/rarity-filter'
import { SearchInput } from '@web/components/search-input'
import { Label } from '@web/components/ui/label'
import { useItemSearch } from '@web/lib/filter-items'
import { ItemsTable } from './items-table'

type Props = Omit<ComponentProps<typeof ItemsTable>, 'items'> & {
  items: Item[]
  onAdd: () => void
}

export function ItemsTab({ items, onAdd, ...tableProps }: Props) {
  const { t } = useTranslation('items')
  const [rarity, setRarity] = useState<RarityChoice>('all')
  const { shown, searching, searchBox } = useItemSearch(items, rarity)
  const filtering = searching || rarity !== 'all'

  return (
    <Card>
      <CardContent className="grid gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-end gap-3">
          {/* Visible labels, which are the fields' names too (WCAG 2.5.3, label in name). */}
          <div className="grid min-w-48 flex-1 gap-1.5">
            <Label htmlFor="items-search">{t('filters.search')}</Label>
            <SearchInput id="items-search" placeholder={t('filters.searchPlaceholder')} {...searchBox} />
          </div>
          <RarityFilter
            id="items-rarity"
            label={t('filters.rarity')}
            className="w-full sm:w-44"
            value={rarity}
            onChange={setRarity}
            allLabel={t('filters.allRarities')}
          />
          <Button onClick={onAdd} className="w-full sm:w-auto">
            <Plus aria-hidden />
            {t('actions.add')}
          </Button>
        </div>
        {shown.length === 0 ? (
          <div className="grid justify-items-center gap-3 py-10 text-center">
            <p className="text-muted-foreground">{filtering ? t('empty.filtered') : t('empty.none')}</p>
            {!filtering && (
              <Button variant="outline" onClick={onAdd}>
                <Plus aria-hidden />
                {t('actions.add')}
              </Button>
            )}
          </div>
        ) : (
          <ItemsTable items={shown} {...tableProps} />
        )}
      </CardContent>
    </Card>
  )
}
