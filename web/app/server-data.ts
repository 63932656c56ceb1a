import type { QueryClient, QueryKey } from '@tanstack/react-query'
import type { Language } from '@contract/enums'
import { type ClassMerges, seedClassMerges } from '@web/lib/cn'
import { adoptServerTimeZone } from '@web/lib/format'
import { noteDrawnFromData } from '@web/lib/drawn-from-data'

// What a server-rendered page hands the browser besides its HTML (web/entry-server.tsx): its language, the
// text namespaces it rendered with, the query data it rendered from, and the class merges it made
// (web/lib/cn.ts), so the browser's first render is the server's, and cheap. A JSON script element: data, never run (the Content-Security-Policy allows no inline script).

export type ServerData = {
  language: Language
  namespaces: string[]
  queries?: [QueryKey, unknown][]
  classes?: ClassMerges
  /** A dashboard page's: the zone its dates and "today" were drawn in (web/lib/format.ts). */
  timeZone?: string
  /** The parts in chunks of their own the page was drawn with, loaded before hydrating (web/lib/lazy-part.tsx). */
  lazyParts?: string[]
  /**
   * A page drawn from data (ms, the server's clock): when the server began reading it. The page's live stream,
   * once open, says when the guild last changed; a change since then was missed, and the page catches up
   * (web/lib/realtime.ts, missedSinceDrawn).
   */
  readAt?: number
}

export const SERVER_DATA_ID = 'lq-server-data'

/** The element, with `<` escaped so no text inside can close it. */
export function serverDataScript(data: ServerData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c')
  return `<script type="application/json" id="${SERVER_DATA_ID}">${json}</script>`
}

export function readServerData(): ServerData | null {
  const element = document.getElementById(SERVER_DATA_ID)
  if (!element?.textContent) return null
  try {
    return JSON.parse(element.textContent) as ServerData
  } catch {
    return null
  }
}

/**
 * Before hydrating: the queries the server rendered from, its class merges and its time zone. False when the
 * page cannot be hydrated as drawn: a dashboard page drawn in a zone that is no longer the machine's
 * (adoptServerTimeZone, web/lib/format.ts), to be rendered afresh instead.
 */
export function seedFromServer(queryClient: QueryClient, data: ServerData): boolean {
  for (const [key, value] of data.queries ?? []) queryClient.setQueryData(key, value)
  if (data.readAt !== undefined) noteDrawnFromData(data.readAt)
  seedClassMerges(data.classes ?? [])
  return data.timeZone ? adoptServerTimeZone(data.timeZone) : true
}
