// Password attempts on the public gate, limited per client IP and guild slug.
//
// Why in memory: the check runs before any database work, so a burst of 1,000 wrong passwords costs a
// Map lookup each and never competes with other visitors for the database (PGlite has one connection).
// Per process: behind N processes the effective limit is at most N × LIMIT per window, which still caps
// guessing at a handful of attempts per second against a password that is not the account password.
// Memory is bounded: at most MAX_KEYS keys of at most LIMIT timestamps, the least recently used dropped.

export const PUBLIC_ATTEMPT_LIMIT = 10
export const PUBLIC_ATTEMPT_WINDOW_MS = 60_000
const MAX_KEYS = 50_000

export type AttemptVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number }

export type SlidingWindowLimiter = { hit: (key: string, now: number) => AttemptVerdict }

export function createSlidingWindowLimiter(
  limit = PUBLIC_ATTEMPT_LIMIT,
  windowMs = PUBLIC_ATTEMPT_WINDOW_MS,
  maxKeys = MAX_KEYS,
): SlidingWindowLimiter {
  const attempts = new Map<string, number[]>()
  return {
    hit(key, now) {
      const recent = (attempts.get(key) ?? []).filter((t) => t > now - windowMs)
      // Re-inserting keeps the Map in least-recently-used order for eviction.
      attempts.delete(key)
      if (recent.length >= limit) {
        attempts.set(key, recent)
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((recent[0]! + windowMs - now) / 1000)),
        }
      }
      recent.push(now)
      attempts.set(key, recent)
      if (attempts.size > maxKeys) attempts.delete(attempts.keys().next().value!)
      return { allowed: true }
    },
  }
}

// One limiter per app instance (tests build many apps in one process; each starts clean).
const limiters = new WeakMap<object, SlidingWindowLimiter>()
export function limiterFor(owner: object): SlidingWindowLimiter {
  let limiter = limiters.get(owner)
  if (!limiter) {
    limiter = createSlidingWindowLimiter()
    limiters.set(owner, limiter)
  }
  return limiter
}
