import { asc, eq } from 'drizzle-orm'
import { vi } from 'vitest'
import { auditLogs, profiles, session, user, userInvitations } from '../../db/schema'
import type { Mail } from '../../platform/mail/mailer'
import type { Actor } from '../../test/factories'
import type { TestContext } from '../../test/harness'

// Helpers shared by the members, invitations and invite sign-up tests.

/** The token of the last invitation link e-mailed to `to`, and the link itself. */
export function invitationLinkTo(sent: Mail[], to: string) {
  const mail = sent.findLast((m) => m.to === to)
  if (!mail) throw new Error(`no mail to ${to}`)
  const url = mail.text.match(/https?:\/\/\S+/)?.[0]
  if (!url) throw new Error(`no link in mail ${mail.subject}`)
  const token = new URL(url).searchParams.get('invite')
  if (!token) throw new Error(`no invite token in ${url}`)
  return { mail, url, token }
}

/** Everything a member or invitation change can touch in a guild, to prove a refused call changed nothing. */
export async function guildSnapshot(ctx: TestContext, guildId: string) {
  const db = ctx.database.db
  return {
    invitations: await db
      .select()
      .from(userInvitations)
      .where(eq(userInvitations.guildId, guildId))
      .orderBy(asc(userInvitations.id)),
    profiles: await db.select().from(profiles).where(eq(profiles.guildId, guildId)).orderBy(asc(profiles.id)),
    audit: await db.select().from(auditLogs).where(eq(auditLogs.guildId, guildId)).orderBy(asc(auditLogs.id)),
    users: (await db.select({ id: user.id }).from(user)).length,
    sessions: (await db.select({ id: session.id }).from(session)).length,
  }
}

export async function sessionsOf(ctx: TestContext, userId: string) {
  return (await ctx.database.db.select().from(session).where(eq(session.userId, userId))).length
}

export function invite(
  admin: Actor,
  email: string,
  displayName = 'Invitee',
  headers: Record<string, string> = {},
) {
  return admin.request('POST', '/api/v1/invitations', { email, displayName }, headers)
}

const rand = () => Math.floor(Math.random() * 250) + 1
/** Anonymous calls from a client address of their own, so per-client limits of other tests do not apply. */
export function fromClient(ctx: TestContext, address = `10.${rand()}.${rand()}.${rand()}`) {
  return (method: string, path: string, body?: unknown) =>
    Promise.resolve(
      ctx.app.request(
        path,
        {
          method,
          headers: {
            origin: 'http://localhost:3000',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        },
        { incoming: { socket: { remoteAddress: address } } },
      ),
    )
}

export function lookUp(ctx: TestContext, token: string) {
  return fromClient(ctx)('GET', `/api/v1/invitations/lookup/${token}`)
}

export function signUpInvited(ctx: TestContext, token: string, password = 'a-long-password') {
  return fromClient(ctx)('POST', '/api/v1/accounts/signup-invite', {
    token,
    password,
    confirmPassword: password,
    language: 'pt',
  })
}

/**
 * Holds the next `n` database transactions until all `n` have been asked for, then lets them run together.
 * Requests racing through the HTTP app thus all pass their guards before any of them writes: the
 * interleaving a race test is about, on PostgreSQL (real row locks) and PGlite (one transaction at a time).
 */
export function startTogether(ctx: TestContext, n: number) {
  const db = ctx.database.db
  const original = db.transaction.bind(db)
  let arrived = 0
  let release = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  vi.spyOn(db, 'transaction').mockImplementation((async (...args: Parameters<typeof db.transaction>) => {
    arrived++
    if (arrived === n) release()
    await gate
    return original(...args)
  }) as typeof db.transaction)
}
