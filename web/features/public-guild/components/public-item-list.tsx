import { Search } from 'lucide-react'
import { memo, useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { holdsSearch } from '@contract/names'
import type { PublicItem } from '@contract/public'
import { Input } from '@web/components/ui/input'
import { cn } from '@web/lib/cn'
import { RarityBadge } from '@web/components/rarity-badge'

/** A substring of name or description, case and accents aside (docs/product-rules.md, "Public page"). */
export function filterPublicItems(items: PublicItem[], search: string): PublicItem[] {
  if (!search.trim()) return items
  return items.filter((item) => holdsSearch(item.name, search) || holdsSearch(item.description, search))
}

type Props = { items: PublicItem[]; selectedId: string | null; onSelect: (id: string) => void }

/** Memoized: the view around it renders again when the live badge changes. */
export const PublicItemList = memo(function PublicItemList({ items, selectedId, onSelect }: Props) {
  const { t } = useTranslation('public')
  const [search, setSearch] = useState('')
  const searchId = useId()
  const shown = useMemo(() => filterPublicItems(items, search), [items, search])

  return (
    <section aria-labelledby={`${searchId}-title`} className="grid content-start gap-3">
      <h2 id={`${searchId}-title`} className="text-lg font-semibold">
        {t('items.title')}
      </h2>
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          {t('items.search')}
        </label>
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('items.searchPlaceholder')}
          className="pl-9 pointer-coarse:h-11"
        />
      </div>
      {shown.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
          {items.length === 0 ? t('items.none') : t('items.empty')}
        </p>
      ) : (
        // A form that asks for the page with the tapped item (?item=…), which the server draws with its queue:
        // a tap before the page's code has run (a phone during a raid: 1–2 s) works as a link would. Once it
        // runs, each button chooses the item in place and nothing is submitted (an outside test, 2026-12-07:
        // early taps did nothing).
        <form method="get">
          <ul aria-label={t('items.listLabel')} className="grid gap-2">
            {shown.map((item) => {
              const selected = item.id === selectedId
              return (
                <li key={item.id}>
                  <button
                    type="submit"
                    name="item"
                    value={item.id}
                    aria-pressed={selected}
                    onClick={(event) => {
                      event.preventDefault()
                      onSelect(item.id)
                    }}
                    className={cn(
                      'flex w-full items-start gap-3 rounded-lg border bg-card p-3 text-left transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                      selected && 'border-primary bg-primary/5 hover:bg-primary/10',
                    )}
                  >
                    <span className="grid min-w-0 flex-1 gap-1">
                      <span className="flex flex-wrap items-center gap-2">
                        <span className="font-medium wrap-anywhere">{item.name}</span>
                        {item.rarity && <RarityBadge rarity={item.rarity} />}
                      </span>
                      {item.description && (
                        <span className="line-clamp-2 text-xs text-muted-foreground">{item.description}</span>
                      )}
                    </span>
                    <span className="shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs font-medium tabular-nums">
                      {t('items.queueCount', { count: item.queueCount })}
                    </span>
                  </button>
                </li>
              )
            })}
          </ul>
        </form>
      )}
    </section>
  )
})
