import { useEffect } from 'react'
import { useLocation } from 'react-router'

/**
 * After a link to `#section` (ScrollRestoration scrolls to it), move keyboard focus there too, so the next
 * Tab continues inside that section instead of back in the header.
 */
export function useHashFocus() {
  const { hash, key } = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` re-runs this when the same hash is followed again.
  useEffect(() => {
    if (!hash) return
    const target = document.getElementById(decodeURIComponent(hash.slice(1)))
    if (!target) return
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
    target.focus({ preventScroll: true })
  }, [hash, key])
}
