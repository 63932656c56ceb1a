import { useSyncExternalStore } from 'react'

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

/** The time zone to show dates in: UTC where useHydrated is false, the reader's own (undefined) after. */
export function useDisplayTimeZone(): string | undefined {
  return useHydrated() ? undefined : 'UTC'
}
