import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../../app-context'
import { AppError } from '../../lib/app-error'
import { clientIp } from '../../lib/client-ip'

// Password attempts on the public gate, limited per client address and guild slug, by the app's one limiter
// (server/platform/rate-limit): shared by every process on PostgreSQL, in memory on PGlite.
//
// It runs before the body is even parsed or the guild looked up: a flood of guesses costs one counter
// update each (a Map lookup on PGlite) and never a password check.

export const PUBLIC_ATTEMPT_LIMIT = 10
export const PUBLIC_ATTEMPT_WINDOW_SECONDS = 60

export const limitPublicAttempts = createMiddleware<AppEnv>(async (c, next) => {
  const deps = c.get('deps')
  const verdict = await deps.rateLimiter.consume(
    `public|${clientIp(c)}|${c.req.param('slug')}`,
    { window: PUBLIC_ATTEMPT_WINDOW_SECONDS, max: PUBLIC_ATTEMPT_LIMIT },
    deps.now().getTime(),
  )
  if (!verdict.allowed) {
    c.header('Retry-After', String(verdict.retryAfter))
    throw new AppError('RATE_LIMITED')
  }
  await next()
})
