import type { Rarity } from '@contract/enums'

/** Query string of the defined values only, e.g. "?page=2&search=thrall". */
export function toQueryString(params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, String(value))
  }
  const text = query.toString()
  return text ? `?${text}` : ''
}

/** `event`: one raid night's rows only ('' for every row). */
export type LootParams = { page: number; search: string; rarity: Rarity | 'all'; event: string }
export type ActivityParams = { page: number; search: string; event: string }
