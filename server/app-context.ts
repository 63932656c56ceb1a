import type { Context } from 'hono'
import type { Language } from '../contract/enums'
import type { Deps } from './deps'

// What a request carries through Hono's context: the app's dependencies, the request's language and id, and
// the signed-in member once server/auth/guards.ts loaded them. Read with c.get: c.var copies them all on
// each read (issue 13: 2 % of a queue write's time in the app).

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
  /** docs/decisions/003-billing.md: when a scheduled cancellation takes effect. */
  subscriptionAccessUntil: Date | null
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

/** A context to read the request's variables from, whatever its route's path and input. */
export type VariablesOf = Pick<Context<AppEnv>, 'get'>
