import type { RateLimiter } from './rate-limiter'

/** At most this many keys (client × purpose) are remembered; the least recently used are forgotten. */
const MAX_KEYS = 50_000

/**
 * Counters in this process's memory (the embedded database's limiter). A check is a Map lookup, so a flood of
 * guesses costs no database work. Memory stays bounded: forgetting a key only gives that client a fresh window.
 */
export function memoryRateLimiter(maxKeys = MAX_KEYS): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>()
  return {
    kind: 'memory',
    consume: async (key, rule, nowMs = Date.now()) => {
      const windowMs = rule.window * 1000
      const current = windows.get(key)
      const entry =
        current && nowMs - current.start < windowMs
          ? { start: current.start, count: current.count + 1 }
          : { start: nowMs, count: 1 }
      // Re-inserting keeps the Map in least-recently-used order for eviction.
      windows.delete(key)
      windows.set(key, entry)
      if (windows.size > maxKeys) windows.delete(windows.keys().next().value!)
      if (entry.count <= rule.max) return { allowed: true, retryAfter: null }
      return { allowed: false, retryAfter: Math.max(1, Math.ceil((entry.start + windowMs - nowMs) / 1000)) }
    },
  }
}
