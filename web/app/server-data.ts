import type { QueryClient, QueryKey } from '@tanstack/react-query'
import type { Language } from '@contract/enums'

// What a server-rendered page hands the browser besides its HTML (web/entry-server.tsx): its language, the
// text namespaces it rendered with, and the query data it rendered from, so the browser's first render is
// the server's. A JSON script element: data, never run (the Content-Security-Policy allows no inline script).

export type ServerData = {
  language: Language
  namespaces: string[]
  queries?: [QueryKey, unknown][]
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

export function seedQueries(queryClient: QueryClient, data: ServerData) {
  for (const [key, value] of data.queries ?? []) queryClient.setQueryData(key, value)
}
