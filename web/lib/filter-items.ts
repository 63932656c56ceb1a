import { type ChangeEvent, useDeferredValue, useState } from 'react'
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

/**
 * A search box over the guild's items (the items tab, the queues tab's item list): what is typed, and the
 * items it keeps. The filtering follows the typing a beat behind (useDeferredValue), so a long list does not
 * slow the keys down.
 */
export function useItemSearch(items: Item[], rarity: Rarity | 'all' = 'all') {
  const [search, setSearch] = useState('')
  const shown = filterItems(items, useDeferredValue(search), rarity)
  const searchBox = {
    value: search,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setSearch(event.target.value),
  }
  return { shown, searching: search.trim() !== '', searchBox }
}
