import type { Context } from 'hono'
import type { AppEnv } from '../../app-env'
import { databaseRateLimitStorage } from '../../auth/rate-limit.queries'
import { AppError } from '../../lib/app-error'
import { clientIp } from '../../lib/client-ip'

// Each sign-up e-mails an address nobody has proven to own, so one client may only create a few accounts
// an hour: enough for a shared connection (a LAN party), too few to use us to flood someone's inbox.
export const SIGNUPS_PER_HOUR = 30

export async function limitSignups(c: Context<AppEnv>) {
  const storage = databaseRateLimitStorage(c.var.deps.database.db)
  const { allowed } = await storage.consume(`signup|${clientIp(c)}`, { window: 3600, max: SIGNUPS_PER_HOUR })
  if (!allowed) throw new AppError('RATE_LIMITED')
}
