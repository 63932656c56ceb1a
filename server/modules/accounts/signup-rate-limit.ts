import type { Context } from 'hono'
import type { AppEnv } from '../../app-context'
import { AppError } from '../../lib/app-error'
import { clientIp } from '../../lib/client-ip'

// Each sign-up e-mails an address nobody has proven to own, so one client may only create a few accounts
// an hour: enough for a shared connection (a LAN party), too few to use us to flood someone's inbox.
export const SIGNUPS_PER_HOUR = 30

/** Counts a request of this client in `bucket` (server/platform/rate-limit); over `max` per window → 429. */
export async function limitPerClient(
  c: Context<AppEnv>,
  bucket: string,
  rule: { window: number; max: number },
) {
  const { allowed } = await c.get('deps').rateLimiter.consume(`${bucket}|${clientIp(c)}`, rule)
  if (!allowed) throw new AppError('RATE_LIMITED')
}

/** Sign-ups with or without an invitation share one allowance per client. */
export async function limitSignups(c: Context<AppEnv>) {
  await limitPerClient(c, 'signup', { window: 3600, max: SIGNUPS_PER_HOUR })
}
