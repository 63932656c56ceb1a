import type { Context } from 'hono'
import type { AppEnv } from '../../app-context'
import { refuseOverClientLimit } from '../../lib/rate-limit'

// Each sign-up e-mails an address nobody has proven to own, so one client may only create a few accounts
// an hour: enough for a shared connection (a LAN party), too few to use us to flood someone's inbox.
export const SIGNUPS_PER_HOUR = 30

/** Sign-ups with or without an invitation share one allowance per client. */
export async function limitSignups(c: Context<AppEnv>) {
  await refuseOverClientLimit(c, 'signup', { window: 3600, max: SIGNUPS_PER_HOUR })
}
