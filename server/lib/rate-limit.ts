import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../app-context'
import type { RateLimitRule } from '../platform/rate-limit/rate-limiter'
import { AppError } from './app-error'
import { clientIp } from './client-ip'

// Every limited route counts its requests through the app's one limiter (server/platform/rate-limit) and
// refuses past it the same way: 429 RATE_LIMITED with Retry-After, the seconds until its window ends.

/** Counts this request against `key`; past `rule`, throws RATE_LIMITED and sets Retry-After. */
export async function refuseOverLimit(c: Context<AppEnv>, key: string, rule: RateLimitRule) {
  const deps = c.get('deps')
  const { allowed, retryAfter } = await deps.rateLimiter.consume(key, rule, deps.now().getTime())
  if (allowed) return
  if (retryAfter !== null) c.header('Retry-After', String(retryAfter))
  throw new AppError('RATE_LIMITED')
}

/** The same as a middleware, for routes limited before their body is read or their guild looked up. */
export function limitRequests(keyOf: (c: Context<AppEnv>) => string, rule: RateLimitRule) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await refuseOverLimit(c, keyOf(c), rule)
    await next()
  })
}

/** Requests of this client (its address) in `bucket`. */
export async function refuseOverClientLimit(c: Context<AppEnv>, bucket: string, rule: RateLimitRule) {
  await refuseOverLimit(c, `${bucket}|${clientIp(c)}`, rule)
}
