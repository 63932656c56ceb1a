import { useCallback, useSyncExternalStore } from 'react'

/**
 * Whether `query` (a CSS media query) matches now, following its changes. False where there is no matchMedia,
 * on the server, and while the browser hydrates a page the server rendered (which could not know the screen),
 * then the screen's own answer.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia?.(query)
      if (!list) return () => {}
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  )
}
