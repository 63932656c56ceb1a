import { createContext, useContext, useSyncExternalStore } from 'react'

const never = () => () => {}

/**
 * False while the server renders a page and while the browser hydrates it, true from the next render on.
 * What depends on the reader's machine (its time zone) is shown in a fixed form until then, so the first
 * render in the browser matches the server's HTML (web/entry-server.tsx), then in the reader's own.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
}

/**
 * The zone a server-rendered page draws its dates in before it is hydrated: the same on the server and in the
 * browser's first render, so hydration matches. A public guild page gives its guild's (most of its readers
 * live on that clock, so nothing changes on screen once it is hydrated); UTC elsewhere.
 */
export const ServedTimeZone = createContext('UTC')

/** The time zone to show dates in: the served one (above) until hydrated, the reader's own (undefined) after. */
export function useDisplayTimeZone(): string | undefined {
  const served = useContext(ServedTimeZone)
  return useHydrated() ? undefined : served
}
