import { otherZoneName, readerZoneName } from '@web/lib/format'
import { useHydrated } from './use-hydrated'

const notYet: typeof otherZoneName = () => null

/**
 * otherZoneName (web/lib/format.ts) once the page is hydrated, nothing before: a zone's name is the platform's
 * zone data, which Node and the browser do not write alike ("São Paulo Time" in Node 20, "Sao Paulo Time" in
 * Chromium), so a dashboard page the server drew with it did not hydrate (React's error #418 on the events
 * page for a reader in Europe/Berlin, an outside test, 2026-12-06). The times themselves are the guild's, the
 * same on both sides; the zone's name follows them once the browser has taken the page over.
 */
export function useOtherZoneName(): typeof otherZoneName {
  return useHydrated() ? otherZoneName : notYet
}

/**
 * readerZoneName (web/lib/format.ts), the reader's zone named beside times on their own clock, once the page
 * is hydrated, nothing before, for the same reason: and a public page's own times are UTC until then.
 */
export function useReaderZoneName(): typeof readerZoneName {
  return useHydrated() ? readerZoneName : notYet
}
