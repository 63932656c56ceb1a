import { type ChangeEvent, useDeferredValue, useState } from 'react'
import type { Rarity } from '@contract/enums'
import type { Item } from '@contract/items'
import { holdsSearch } from '@contract/names'

/** Name or description, case and accents aside, then the rarity filter (docs/product-rules.md, "Screens"). */
export function filterItems(items: Item[], search: string, rarity: Rarity | 'all'): Item[] {
  return items.filter(
    (item) =>
      (rarity === 'all' || item.rarity === rarity) &&
      (holdsSearch(item.name, search) || holdsSearch(item.description, search)),
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
