import type { Language } from '../contract/enums'
import type { Auth } from './auth/auth'
import type { SessionCache } from './auth/session-cache'
import type { Database } from './db/client'
import type { Env } from './env'
import type { Logger } from './lib/logger'
import type { BillingProvider } from './platform/billing/billing-provider'
import type { Announcer } from './platform/integrations/outbox-sender'
import type { Mailer } from './platform/mail/mailer'
import type { RateLimiter } from './platform/rate-limit/rate-limiter'
import type { ReadCache } from './platform/read-cache'
import type { Realtime } from './platform/realtime'

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
  logger: Logger
  /** Injectable clock, so trial and penalty rules can be tested. */
  now: () => Date
}

export type SessionUser = { id: string; email: string; name: string; emailVerified: boolean }
export type CurrentProfile = {
  id: string
  userId: string
  guildId: string | null
  displayName: string
  role: 'guild_admin' | 'guild_member'
  isActive: boolean
  language: Language
}
export type CurrentGuild = {
  id: string
  name: string
  slug: string
  subscriptionStatus: string
  createdAt: Date
}

export type AppEnv = {
  Variables: {
    deps: Deps
    lang: Language
    requestId: string
    /** performance.now() when the request reached the app: caches catch up to it (Database.caughtUp). */
    arrivedAt: number
    user: SessionUser | null
    sessionId: string | null
    profile: CurrentProfile | null
    guild: CurrentGuild | null
  }
}
