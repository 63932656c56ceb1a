import type { Database } from '../../db/client'
import { databaseRateLimiter } from './database-rate-limiter'
import { memoryRateLimiter } from './memory-rate-limiter'

// One limiter for every rate limit (sign-in and password reset through better-auth, sign-up, the public
// password gate), so a limit means the same on every path. Fixed windows: the first attempt opens a window of
// `window` seconds in which at most `max` attempts pass; the next attempt after it opens a new one.
//
// Where the counters live depends on the engine (docs/decisions/006-operations.md):
// - PostgreSQL: in the rate_limit table, one atomic upsert per attempt, so every process behind a load
//   balancer counts against the same limit (N processes still allow N attempts, not N × max).
// - PGlite: in this process's memory. The embedded database serves one process only (the data-folder lock),
//   and its single connection is better spent on real work than on counting wrong passwords.

export type RateLimitRule = {
  /** Seconds. */
  window: number
  max: number
}

/** The shape better-auth's `rateLimit.customStorage` expects, so its limits use this limiter too. */
export type RateLimitVerdict = { allowed: boolean; retryAfter: number | null }

export type RateLimiter = {
  kind: 'memory' | 'database'
  /** Counts one attempt against `key` and says whether it may go ahead. `nowMs` defaults to the clock. */
  consume: (key: string, rule: RateLimitRule, nowMs?: number) => Promise<RateLimitVerdict>
}

export function createRateLimiter(database: Database): RateLimiter {
  return database.kind === 'postgres' ? databaseRateLimiter(database.db) : memoryRateLimiter()
}
