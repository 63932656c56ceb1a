import type { Db } from '../../db/client'
import type { RateLimiter } from './rate-limiter'
import { countAttempt, deleteWindowsOlderThan } from './rate-limit.queries'

const DAY_SECONDS = 24 * 3600

/**
 * Counters in the rate_limit table (the PostgreSQL limiter). Counting and checking are one upsert, which
 * PostgreSQL serialises per key, so concurrent attempts through any number of processes are all counted.
 */
export function databaseRateLimiter(db: Db): RateLimiter {
  return {
    kind: 'database',
    consume: async (key, rule, nowMs = Date.now()) => {
      const now = Math.floor(nowMs / 1000)
      const { count, windowStart } = await countAttempt(db, key, rule.window, now)
      // Ended windows are useless; clearing them now and then keeps the table small.
      if (Math.random() < 0.01) await deleteWindowsOlderThan(db, now - DAY_SECONDS)
      if (count <= rule.max) return { allowed: true, retryAfter: null }
      return { allowed: false, retryAfter: Math.max(1, windowStart + rule.window - now) }
    },
  }
}
