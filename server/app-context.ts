import type { Language } from '../contract/enums'
import type { Deps } from './deps'

// What a request carries through Hono's context (c.var): the app's dependencies, the request's language and
// id, and the signed-in member once server/auth/guards.ts loaded them.

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
