import { createMiddleware } from 'hono/factory'
import { SESSION_END_CODES } from '../../contract/session-end'
import type { AppEnv, VariablesOf } from '../app-context'
import type { GuildActor } from '../lib/actor'
import { AppError } from '../lib/app-error'
import { deriveSubscription } from '../lib/subscription-state'
import { revokeAllSessions } from './context.queries'

/** Reads the session cookie (if any) and the member's profile and guild. Never rejects. */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  // Cached per process, revoked at once by any change to those rows (server/auth/session-cache.ts).
  const found = await c.get('deps').sessions.resolve(c.req.raw.headers, c.get('arrivedAt'))
  c.set('user', found?.user ?? null)
  c.set('sessionId', found?.sessionId ?? null)
  c.set('profile', found?.profile ?? null)
  c.set('guild', found?.guild ?? null)
  await next()
})

/** A signed-in, active member. A deactivated one loses every session on the spot. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.get('user')
  if (!user) {
    // No cookie at all is not an expired session; an ended one says why (contract/session-end.ts).
    const ended = await c.get('deps').sessions.endOf(c.req.raw.headers)
    throw new AppError(ended ? SESSION_END_CODES[ended] : 'UNAUTHENTICATED')
  }
  const profile = c.get('profile')
  if (profile && !profile.isActive) {
    await revokeAllSessions(c.get('deps').database.db, user.id, 'deactivated', c.get('deps').now())
    throw new AppError('ACCOUNT_DEACTIVATED')
  }
  await next()
})

export const requireGuild = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('guild') || !c.get('profile')) throw new AppError('NO_GUILD')
  await next()
})

export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get('profile')?.role !== 'guild_admin') throw new AppError('FORBIDDEN')
  await next()
})

/** Pro features: an active subscription or a live trial. */
export const requirePro = createMiddleware<AppEnv>(async (c, next) => {
  const guild = c.get('guild')
  if (!guild || !deriveSubscription(guild, c.get('deps').now()).allowed)
    throw new AppError('SUBSCRIPTION_REQUIRED')
  await next()
})

/** Every guild-scoped route: signed in, active, member of a guild. */
export const memberChain = [requireUser, requireGuild] as const
export const adminChain = [requireUser, requireGuild, requireAdmin] as const
/** Pro features (history, integrations, the users page): the same, with an active subscription or trial. */
export const proMemberChain = [...memberChain, requirePro]
export const proAdminChain = [...adminChain, requirePro]

/** Helpers for handlers behind memberChain: the values are guaranteed there. */
export function guildIdOf(c: VariablesOf): string {
  return c.get('guild')!.id
}

/** Who acts (server/lib/actor.ts), for the services a handler behind memberChain calls. */
export function actorOf(c: VariablesOf): GuildActor {
  return { guildId: guildIdOf(c), userId: c.get('user')!.id, name: c.get('profile')!.displayName }
}
