import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { session } from '../../db/schema'
import { DEFAULT_PASSWORD, buildGuild, buildMember, requestAs, signSessionCookie } from '../../test/factories'
import { expectError } from '../../test/expect-error'
import { fileTestContext } from '../../test/harness'
import { sessionCookieOf, signIn } from '../accounts/accounts.test-support'
import { readSse, streamsClosedAfterEach } from '../live-updates/sse.test-support'
import { auditRows } from '../../test/audit-rows'
import { sessionsOf } from './members.test-support'

// Deactivation and removal end the member's sessions at once, their open dashboard's event stream is told
// `revoked` with the reason (the web then sends them to /auth?message=<reason>: contract/session-end.ts), and reactivation lets them sign in again.

const ctx = await fileTestContext()
const open = streamsClosedAfterEach()

async function streamOf(cookie: string) {
  const res = await requestAs(ctx, cookie)('GET', '/api/v1/events')
  expect(res.status).toBe(200)
  const stream = readSse(res)
  open.push(stream)
  await stream.waitFor('ready')
  return stream
}

describe('deactivating a member', () => {
  it('ends every session at once, refuses sign-in until reactivated, and is audited both ways', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const member = await buildMember(ctx, { guildId: guild.id, name: 'Sleeper' })
    const secondDevice = requestAs(ctx, await signSessionCookie(ctx, member.user.id))
    expect((await member.request('GET', '/api/v1/me')).status).toBe(200)
    expect(await sessionsOf(ctx, member.user.id)).toBe(2)

    const res = await admin.request('POST', `/api/v1/members/${member.profileId}/deactivate`)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ id: member.profileId, isActive: false })
    expect(await sessionsOf(ctx, member.user.id)).toBe(0)
    await expectError(await member.request('GET', '/api/v1/me'), 401, 'SESSION_DEACTIVATED')
    await expectError(await secondDevice('GET', '/api/v1/players'), 401, 'SESSION_DEACTIVATED')
    await expectError(await signIn(ctx, member.user.email, DEFAULT_PASSWORD), 403, 'ACCOUNT_DEACTIVATED')
    // Deactivating again changes nothing and writes nothing.
    expect((await admin.request('POST', `/api/v1/members/${member.profileId}/deactivate`)).status).toBe(200)

    const back = await admin.request('POST', `/api/v1/members/${member.profileId}/activate`)
    expect(back.status).toBe(200)
    expect(await back.json()).toMatchObject({ isActive: true })
    const signedIn = await signIn(ctx, member.user.email, DEFAULT_PASSWORD)
    expect(signedIn.status).toBe(200)
    expect((await requestAs(ctx, sessionCookieOf(signedIn))('GET', '/api/v1/me')).status).toBe(200)

    const audit = {
      userId: admin.user.id,
      tableName: 'profiles',
      recordId: member.profileId,
      description: 'Sleeper',
    }
    expect(await auditRows(ctx, guild.id, 'USER_DEACTIVATED')).toEqual([audit])
    expect(await auditRows(ctx, guild.id, 'USER_ACTIVATED')).toEqual([audit])
  })

  it("sends `revoked` to the member's open event stream, while the admin's stream hears the change", async () => {
    const { guild, admin } = await buildGuild(ctx)
    const member = await buildMember(ctx, { guildId: guild.id })
    const memberStream = await streamOf(member.cookie)
    const adminStream = await streamOf(admin.cookie)

    expect((await admin.request('POST', `/api/v1/members/${member.profileId}/deactivate`)).status).toBe(200)
    await memberStream.waitFor('revoked')
    await memberStream.waitForEnd()
    const change = await adminStream.waitFor('change')
    expect(JSON.parse(change.data)).toEqual({ topic: 'members' })
    expect(adminStream.ended).toBe(false)
  })
})

describe('the event stream', () => {
  it("re-checks the right to listen on a 'members' event alone", async () => {
    const { guild } = await buildGuild(ctx)
    const member = await buildMember(ctx, { guildId: guild.id })
    const stream = await streamOf(member.cookie)
    await ctx.database.db.delete(session).where(eq(session.userId, member.user.id))
    await ctx.deps.realtime.publish({ guildId: guild.id, topic: 'members' })
    await stream.waitFor('revoked')
    await stream.waitForEnd()
  })
})

describe('removing a member', () => {
  it('ends their sessions and their event stream, and their password no longer signs in', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const member = await buildMember(ctx, { guildId: guild.id })
    const stream = await streamOf(member.cookie)

    expect((await admin.request('DELETE', `/api/v1/members/${member.profileId}`)).status).toBe(204)
    await stream.waitFor('revoked')
    await stream.waitForEnd()
    await expectError(await member.request('GET', '/api/v1/me'), 401, 'SESSION_REMOVED')
    expect(await sessionsOf(ctx, member.user.id)).toBe(0)
    await expectError(await signIn(ctx, member.user.email, DEFAULT_PASSWORD), 401, 'INVALID_CREDENTIALS')
  })
})
