import { type Auth, createAuth } from './auth/auth'
import { createSessionCache, type SessionCache } from './auth/session-cache'
import type { Database } from './db/client'
import type { Env } from './env'
import type { Logger } from './lib/logger'
import type { BillingProvider } from './platform/billing/billing-provider'
import { chooseBillingProvider } from './platform/billing/choose-provider'
import type { Transport } from './platform/integrations/delivery'
import { type Announcer, createAnnouncer } from './platform/integrations/outbox-sender'
import { type Mailer, outboxMailer, smtpMailer } from './platform/mail/mailer'
import { createLifecycle, type Lifecycle } from './platform/lifecycle'
import { createMetrics, type Metrics } from './platform/metrics/metrics'
import { countingRefusals } from './platform/metrics/rate-limit-metrics'
import { createRateLimiter, type RateLimiter } from './platform/rate-limit/rate-limiter'
import { createReadCache, type ReadCache } from './platform/read-cache'
import { createRealtime, type Realtime } from './platform/realtime'

/** Everything the app needs from the outside, built once by main.ts (or by the test harness). */
export type Deps = {
  env: Env
  database: Database
  auth: Auth
  mailer: Mailer
  realtime: Realtime
  /** The signed-in member per session cookie, per process (server/auth/session-cache.ts). */
  sessions: SessionCache
  /** Serialised read answers per guild, per process (server/platform/read-cache.ts). */
  readCache: ReadCache
  /** Every rate limit's counters: in the database on PostgreSQL, in memory on PGlite. */
  rateLimiter: RateLimiter
  /** Stripe with STRIPE_SECRET_KEY, else the local sandbox (docs/decisions/003-billing.md). */
  billing: BillingProvider
  /** Sends the Discord / webhook outbox after commits (docs/decisions/011-integrations.md). */
  announcer: Announcer
  /** Prometheus metrics of this process (server/platform/metrics). */
  metrics: Metrics
  /** Serving or draining: the readiness check reads it (server/modules/health). */
  lifecycle: Lifecycle
  logger: Logger
  /** Injectable clock, so trial and penalty rules can be tested. */
  now: () => Date
}

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
    (env.SMTP_URL
      ? smtpMailer(env.SMTP_URL, env.MAIL_FROM)
      : outboxMailer(database.db, logger, { production: env.NODE_ENV === 'production' }))
  const now = input.now ?? (() => new Date())
  const realtime = createRealtime(database, logger, () => now().getTime())
  const readCache = createReadCache(realtime, { maxBytes: env.READ_CACHE_MB * 1024 * 1024 })
  const metrics = createMetrics({ database, realtime, readCache })
  const rateLimiter = countingRefusals(createRateLimiter(database), metrics)
  const auth = createAuth({
    db: database.db,
    env,
    mailer,
    rateLimiter,
    logger,
    requireEmailVerification: input.requireEmailVerification,
  })
  const billing = chooseBillingProvider(env, database.db, logger)
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
    mailer,
    appUrl: env.APP_URL,
    now,
  })
  return {
    env,
    database,
    auth,
    mailer,
    realtime,
    sessions: createSessionCache({ auth, database, realtime }),
    readCache,
    rateLimiter,
    billing,
    announcer,
    metrics,
    lifecycle: createLifecycle(),
    logger,
    now,
  }
}
