import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { RARITIES, type Rarity } from '@contract/enums'
import type { RarityChoice } from '@web/components/rarity-filter'

export type HistoryTab = 'loot' | 'activity'

/** `event`: one raid night's id, or '' for every row. */
export type HistoryParams = {
  tab: HistoryTab
  search: string
  rarity: RarityChoice
  event: string
  page: number
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function parse(params: URLSearchParams): HistoryParams {
  const rarity = params.get('rarity')
  const page = Number(params.get('page'))
  return {
    tab: params.get('tab') === 'activity' ? 'activity' : 'loot',
    search: params.get('q') ?? '',
    rarity: (RARITIES as readonly string[]).includes(rarity ?? '') ? (rarity as Rarity) : 'all',
    // Anything but an id (a typo in the address) is no filter, rather than a refused request.
    event: UUID.test(params.get('event') ?? '') ? params.get('event')! : '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  }
}

/**
 * Tab, search, rarity, event and page live in the address (?tab=&q=&rarity=&event=&page=), so a reload, a
 * shared link (an event's page links here) or the back button shows the same records. Changing tab, search or
 * a filter returns to page 1.
 */
export function useHistoryParams() {
  const [searchParams, setSearchParams] = useSearchParams()
  const params = useMemo(() => parse(searchParams), [searchParams])

  const update = useCallback(
    (change: Partial<HistoryParams>) => {
      setSearchParams(
        (current) => {
          const next = { ...parse(current), page: 1, ...change }
          const out = new URLSearchParams()
          if (next.tab !== 'loot') out.set('tab', next.tab)
          if (next.search) out.set('q', next.search)
          if (next.rarity !== 'all') out.set('rarity', next.rarity)
          if (next.event) out.set('event', next.event)
          if (next.page > 1) out.set('page', String(next.page))
          return out
        },
        { replace: true },
      )
    },
    [setSearchParams],
  )

  return {
    ...params,
    setTab: useCallback((tab: HistoryTab) => update({ tab }), [update]),
    setSearch: useCallback((search: string) => update({ search }), [update]),
    setRarity: useCallback((rarity: RarityChoice) => update({ rarity }), [update]),
    setEvent: useCallback((event: string) => update({ event }), [update]),
    setPage: useCallback((page: number) => update({ page }), [update]),
  }
}
