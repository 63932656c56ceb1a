import type { Deps } from './app-env'
import { createAuth } from './auth/auth'
import { createSessionCache } from './auth/session-cache'
import type { Database } from './db/client'
import type { Env } from './env'
import type { Logger } from './lib/logger'
import { chooseBillingProvider } from './platform/billing/choose-provider'
import type { Transport } from './platform/integrations/delivery'
import { createAnnouncer } from './platform/integrations/outbox-sender'
import { type Mailer, outboxMailer, smtpMailer } from './platform/mail/mailer'
import { createRateLimiter } from './platform/rate-limit/rate-limiter'
import { createReadCache } from './platform/read-cache'
import { createRealtime } from './platform/realtime'

/** Wires the adapters once; main.ts and the test harness both call this. */
export function buildDeps(input: {
  env: Env
  database: Database
  logger: Logger
  mailer?: Mailer
  now?: () => Date
  requireEmailVerification?: boolean
  /** How integrations reach the network; tests pass a fetch that only reaches this machine. */
  integrationTransport?: Partial<Transport>
}): Deps {
  const { env, database, logger } = input
  const mailer =
    input.mailer ??
    (env.SMTP_URL ? smtpMailer(env.SMTP_URL, env.MAIL_FROM) : outboxMailer(database.db, logger))
  const rateLimiter = createRateLimiter(database)
  const auth = createAuth({
    db: database.db,
    env,
    mailer,
    rateLimiter,
    requireEmailVerification: input.requireEmailVerification,
  })
  const realtime = createRealtime(database, logger)
  const billing = chooseBillingProvider(env, database.db, logger)
  const now = input.now ?? (() => new Date())
  const announcer = createAnnouncer({
    database,
    authSecret: env.AUTH_SECRET,
    transport: {
      fetch: (url, init) => globalThis.fetch(url, init),
      timeoutMs: 10_000,
      ...input.integrationTransport,
    },
    logger,
    realtime,
    now,
  })
  return {
    env,
    database,
    auth,
    mailer,
    realtime,
    sessions: createSessionCache({ auth, database, realtime }),
    readCache: createReadCache(realtime),
    rateLimiter,
    billing,
    announcer,
    logger,
    now,
  }
}
