import { Plus } from 'lucide-react'
import { type ComponentProps, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Item } from '@contract/items'
import { Button } from '@web/components/ui/button'
import { Card, CardContent } from '@web/components/ui/card'
import { type RarityChoice, RarityFilter } from '@web/components/rarity-filter'
import { SearchInput } from '@web/components/search-input'
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
          {/* No visible labels: the placeholder and the chosen rarity say what each is; screen readers get a name. */}
          <div className="min-w-48 flex-1">
            <SearchInput
              id="items-search"
              aria-label={t('filters.search')}
              placeholder={t('filters.searchPlaceholder')}
              {...searchBox}
            />
          </div>
          <div className="w-full sm:w-44">
            <RarityFilter
              id="items-rarity"
              aria-label={t('filters.rarity')}
              value={rarity}
              onChange={setRarity}
              allLabel={t('filters.allRarities')}
            />
          </div>
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
