import { useEffect } from 'react'

/** Longest timer browsers keep (2^31 − 1 ms, ~24.8 days); a later instant is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1
/** A little after the instant, so the server's clock has passed it too. */
const AFTER_MS = 1000

/**
 * Reads an answer again when it stops being right without any write, at the instant the server gave (a
 * raid night starts or ends): no event announces that, and polling would cost every open page a request.
 */
export function useRefetchAt(at: string | null | undefined, refetch: () => unknown) {
  useEffect(() => {
    if (!at) return
    const wait = Date.parse(at) - Date.now() + AFTER_MS
    const timer = setTimeout(() => void refetch(), Math.max(0, Math.min(wait, MAX_TIMER_MS)))
    return () => clearTimeout(timer)
  }, [at, refetch])
}

/** The sooner of two instants a page stops being right at (either may be absent). */
export function soonerOf(a: string | null | undefined, b: string | null | undefined): string | null {
  if (!a || !b) return a || b || null
  return Date.parse(a) <= Date.parse(b) ? a : b
}

type PenaltyStanding = { isPenalized: boolean; penaltyUntil: string | null }

/**
 * When the soonest active penalty of a queue ends: from then its player may be next, and the queue, read
 * again, says so (the server's read cache keeps an answer only until such an instant).
 */
export function penaltiesEndAt(entries: readonly PenaltyStanding[] | undefined): string | null {
  let soonest: string | null = null
  for (const { isPenalized, penaltyUntil } of entries ?? []) {
    if (isPenalized && penaltyUntil && (soonest === null || Date.parse(penaltyUntil) < Date.parse(soonest)))
      soonest = penaltyUntil
  }
  return soonest
}
