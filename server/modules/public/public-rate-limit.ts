import { clientIp } from '../../lib/client-ip'
import { limitRequests } from '../../lib/rate-limit'

// Password attempts on the public gate, limited per client address and guild slug, by the app's one limiter
// (server/platform/rate-limit): shared by every process on PostgreSQL, in memory on PGlite.
//
// It runs before the body is even parsed or the guild looked up: a flood of guesses costs one counter
// update each (a Map lookup on PGlite) and never a password check.

export const PUBLIC_ATTEMPT_LIMIT = 10
export const PUBLIC_ATTEMPT_WINDOW_SECONDS = 60

export const limitPublicAttempts = limitRequests((c) => `public|${clientIp(c)}|${c.req.param('slug')}`, {
  window: PUBLIC_ATTEMPT_WINDOW_SECONDS,
  max: PUBLIC_ATTEMPT_LIMIT,
})
