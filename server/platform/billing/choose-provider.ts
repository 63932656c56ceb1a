import type { Db } from '../../db/client'
import type { Env } from '../../env'
import type { Logger } from '../../lib/logger'
import type { BillingProvider } from './billing-provider'
import { refusedSandboxProvider, sandboxProvider } from './sandbox'
import { stripeProvider } from './stripe'

/** STRIPE_SECRET_KEY → Stripe; none → the sandbox, which production refuses unless BILLING_SANDBOX=true. */
export function chooseBillingProvider(env: Env, db: Db, logger: Logger): BillingProvider {
  if (env.STRIPE_SECRET_KEY) {
    return stripeProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      // env.ts requires the webhook secret whenever the key is set.
      webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
      apiUrl: env.STRIPE_API_URL,
      appUrl: env.APP_URL,
    })
  }
  if (env.NODE_ENV === 'production' && env.BILLING_SANDBOX !== 'true') {
    logger.warn('billing is off: no STRIPE_SECRET_KEY, and the sandbox is refused in production')
    return refusedSandboxProvider()
  }
  return sandboxProvider(db, env.APP_URL)
}
