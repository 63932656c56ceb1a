import type { Rarity } from '@contract/enums'
import type { Item } from '@contract/items'

/** Name or description, case-insensitive, then the rarity filter (docs/product-rules.md, "Screens"). */
export function filterItems(items: Item[], search: string, rarity: Rarity | 'all'): Item[] {
  const needle = search.trim().toLocaleLowerCase()
  return items.filter(
    (item) =>
      (rarity === 'all' || item.rarity === rarity) &&
      (needle === '' ||
        item.name.toLocaleLowerCase().includes(needle) ||
        (item.description ?? '').toLocaleLowerCase().includes(needle)),
  )
}
