import type { RateLimiter } from '../rate-limit/rate-limiter'
import type { Metrics } from './metrics'

/**
 * Which limit a key belongs to: our own keys start with the limit's name (`public|…`, `signup|…`,
 * `invite-lookup|…`, `import|…`); better-auth's start with the client's address (`<ip>|/sign-in/email`).
 * Never the key itself: it holds addresses, slugs and ids.
 */
export function limitOf(key: string): string {
  const bar = key.indexOf('|')
  const name = bar < 0 ? '' : key.slice(0, bar)
  return /^[a-z][a-z-]{0,30}$/.test(name) ? name : 'auth'
}

/** The same limiter, counting each refusal under its limit's name. */
export function countingRefusals(limiter: RateLimiter, metrics: Metrics): RateLimiter {
  return {
    kind: limiter.kind,
    consume: async (key, rule, nowMs) => {
      const verdict = await limiter.consume(key, rule, nowMs)
      if (!verdict.allowed) metrics.countRateLimitRefusal(limitOf(key))
      return verdict
    },
  }
}
