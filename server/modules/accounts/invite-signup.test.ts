import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { profiles, user, userInvitations } from '../../db/schema'
import type { Mail } from '../../platform/mail/mailer'
import { anonymous, buildGuild, buildInvitation, requestAs } from '../../test/factories'
import { expectError } from '../../test/expect-error'
import { fileTestContext } from '../../test/harness'
import { hashInviteToken } from '../members/invitation-token'
import { auditRows } from '../../test/audit-rows'
import { guildSnapshot, lookUp, signUpInvited, startTogether } from '../members/members.test-support'
import { sessionCookieOf, signIn, signupBody } from './accounts.test-support'

const sent: Mail[] = []
const ctx = await fileTestContext({ mailer: { kind: 'outbox', send: async (m) => void sent.push(m) } })
afterEach(() => ctx.setNow(null as unknown as Date))

const invitationOf = async (id: string) =>
  (await ctx.database.db.select().from(userInvitations).where(eq(userInvitations.id, id)))[0]!

const usersWithEmail = async (email: string) =>
  ctx.database.db.select().from(user).where(eq(user.email, email))

describe('POST /accounts/signup-invite', () => {
  it('creates a verified guild_member of the inviting guild, who signs in at once with no confirmation mail', async () => {
    const { guild } = await buildGuild(ctx, { name: 'Joinable Guild' })
    const { invitation, token } = await buildInvitation(ctx, guild.id, {
      email: 'joiner@example.com',
      displayName: 'Joiner',
    })
    const res = await signUpInvited(ctx, token)
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ email: 'joiner@example.com', signedIn: true })
    // The link proved the address: the answer signs the person in (outside testers had to type it again).
    const session = await requestAs(ctx, sessionCookieOf(res))('GET', '/api/v1/me')
    expect(session.status).toBe(200)
    expect((await session.json()).guild).toMatchObject({ id: guild.id })

    const [account] = await usersWithEmail('joiner@example.com')
    expect(account).toMatchObject({ name: 'Joiner', emailVerified: true })
    const [profile] = await ctx.database.db.select().from(profiles).where(eq(profiles.userId, account!.id))
    expect(profile).toMatchObject({
      guildId: guild.id,
      role: 'guild_member',
      isActive: true,
      displayName: 'Joiner',
      invitedViaToken: hashInviteToken(token),
    })
    expect(await invitationOf(invitation.id)).toMatchObject({ status: 'accepted' })
    expect((await invitationOf(invitation.id)).acceptedAt).toBeInstanceOf(Date)
    expect(await auditRows(ctx, guild.id, 'INVITE_ACCEPTED')).toEqual([
      {
        userId: account!.id,
        tableName: 'user_invitations',
        recordId: invitation.id,
        description: 'Joiner <joiner@example.com>',
      },
    ])

    const signedIn = await signIn(ctx, 'joiner@example.com', 'a-long-password')
    expect(signedIn.status).toBe(200)
    expect(sent.filter((m) => m.to === 'joiner@example.com')).toEqual([])
    const me = await (await requestAs(ctx, sessionCookieOf(signedIn))('GET', '/api/v1/me')).json()
    expect(me.guild).toMatchObject({ id: guild.id, name: 'Joinable Guild' })
    expect(me.profile).toMatchObject({ role: 'guild_member', displayName: 'Joiner' })
  })

  it('still creates the account when the sign-in after it fails, and says the person signs in by hand', async () => {
    const { guild } = await buildGuild(ctx)
    const { token } = await buildInvitation(ctx, guild.id, { email: 'unlucky@example.com' })
    const failing = vi
      .spyOn(ctx.deps.auth.api, 'signInEmail')
      .mockRejectedValueOnce(new Error('database away'))
    try {
      const res = await signUpInvited(ctx, token)
      expect(res.status).toBe(201)
      expect(res.headers.get('set-cookie')).toBeNull()
      expect(await res.json()).toEqual({ email: 'unlucky@example.com', signedIn: false })
    } finally {
      failing.mockRestore()
    }
    expect((await signIn(ctx, 'unlucky@example.com', 'a-long-password')).status).toBe(200)
  })

  it('is single use: the second sign-up and the lookup answer INVITE_USED', async () => {
    const { guild } = await buildGuild(ctx)
    const { token } = await buildInvitation(ctx, guild.id)
    expect((await signUpInvited(ctx, token)).status).toBe(201)
    const before = await guildSnapshot(ctx, guild.id)
    await expectError(await signUpInvited(ctx, token, 'another-password'), 409, 'INVITE_USED')
    await expectError(await lookUp(ctx, token), 409, 'INVITE_USED')
    expect(await guildSnapshot(ctx, guild.id)).toEqual(before)
  })

  it('turns exactly one of two simultaneous sign-ups with one link into a member', async () => {
    const { guild } = await buildGuild(ctx)
    const { token } = await buildInvitation(ctx, guild.id, { email: 'racer@example.com' })
    startTogether(ctx, 2)
    const [a, b] = await Promise.all([signUpInvited(ctx, token), signUpInvited(ctx, token, 'other-password')])
    expect([a.status, b.status].sort()).toEqual([201, 409])
    const loser = a.status === 409 ? a : b
    expect((await loser.json()).error.code).toBe('INVITE_USED')
    const accounts = await usersWithEmail('racer@example.com')
    expect(accounts).toHaveLength(1)
    const members = await ctx.database.db.select().from(profiles).where(eq(profiles.guildId, guild.id))
    expect(members.map((p) => p.role).sort()).toEqual(['guild_admin', 'guild_member'])
    expect(await auditRows(ctx, guild.id, 'INVITE_ACCEPTED')).toHaveLength(1)
  })

  it('refuses an expired link and creates nothing', async () => {
    const start = new Date('2031-05-01T08:00:00Z')
    ctx.setNow(start)
    const { guild } = await buildGuild(ctx)
    const { invitation, token } = await buildInvitation(ctx, guild.id)
    ctx.setNow(new Date(start.getTime() + 7 * 86_400_000 + 1))
    const before = await guildSnapshot(ctx, guild.id)
    const res = await expectError(await signUpInvited(ctx, token), 410, 'INVITE_EXPIRED')
    expect(res.error.message).toBe('Solicite um novo convite ao administrador da guild.')
    expect(await guildSnapshot(ctx, guild.id)).toEqual(before)
    expect((await invitationOf(invitation.id)).status).toBe('pending')
  })

  // Issue 43, point 14: an account deleted by its owner leaves no link behind, as an admin's removal does.
  it.each(['deletes their own account', 'is removed by an admin'])(
    'frees the slot of a member who %s, and the old link never makes a member again',
    async (how) => {
      const { guild, admin } = await buildGuild(ctx)
      const { invitation, token } = await buildInvitation(ctx, guild.id, { email: 'leaver@example.com' })
      expect((await signUpInvited(ctx, token)).status).toBe(201)
      const slotsOf = async () => (await (await admin.request('GET', '/api/v1/members')).json()).slots
      const usedWhileMember = (await slotsOf()).used
      const [account] = await usersWithEmail('leaver@example.com')
      if (how === 'is removed by an admin') {
        const [profile] = await ctx.database.db
          .select()
          .from(profiles)
          .where(eq(profiles.userId, account!.id))
        expect((await admin.request('DELETE', `/api/v1/members/${profile!.id}`)).status).toBe(204)
      } else {
        const signedIn = await signIn(ctx, 'leaver@example.com', 'a-long-password')
        const res = await requestAs(ctx, sessionCookieOf(signedIn))('DELETE', '/api/v1/me', {
          currentPassword: 'a-long-password',
        })
        expect(await res.json()).toEqual({ deleted: 'account' })
      }

      expect(
        await ctx.database.db.select().from(userInvitations).where(eq(userInvitations.id, invitation.id)),
      ).toEqual([])
      expect((await slotsOf()).used).toBe(usedWhileMember - 1)
      const before = await guildSnapshot(ctx, guild.id)
      await expectError(await lookUp(ctx, token), 404, 'INVITE_INVALID')
      await expectError(await signUpInvited(ctx, token), 404, 'INVITE_INVALID')
      expect(await usersWithEmail('leaver@example.com')).toEqual([])
      expect(await guildSnapshot(ctx, guild.id)).toEqual(before)
    },
  )

  it('answers unknown and cancelled links, weak passwords and mismatches, and creates nothing', async () => {
    const { guild } = await buildGuild(ctx)
    const { invitation, token } = await buildInvitation(ctx, guild.id)
    const cancelled = await buildInvitation(ctx, guild.id, { status: 'cancelled' })
    const before = await guildSnapshot(ctx, guild.id)
    await expectError(await signUpInvited(ctx, 'b'.repeat(43)), 404, 'INVITE_INVALID')
    await expectError(await signUpInvited(ctx, cancelled.token), 409, 'INVITE_REPLACED')
    const weak = await expectError(await signUpInvited(ctx, token, '1234567'), 400, 'WEAK_PASSWORD')
    expect(weak.error.fields).toEqual({ password: 'WEAK_PASSWORD' })
    const mismatch = await anonymous(ctx)('POST', '/api/v1/accounts/signup-invite', {
      token,
      password: 'a-long-password',
      confirmPassword: 'something-else',
    })
    expect((await expectError(mismatch, 400, 'VALIDATION_FAILED')).error.fields).toEqual({
      confirmPassword: 'passwordMismatch',
    })
    await expectError(
      await anonymous(ctx)('POST', '/api/v1/accounts/signup-invite', {
        token: 'x'.repeat(10_240),
        password: 'a-long-password',
      }),
      400,
      'VALIDATION_FAILED',
    )
    expect(await guildSnapshot(ctx, guild.id)).toEqual(before)
    expect((await invitationOf(invitation.id)).status).toBe('pending')
  })

  it('refuses an address that signed up another way since it was invited, keeping the invitation pending', async () => {
    const { guild } = await buildGuild(ctx)
    const body = signupBody()
    const { invitation, token } = await buildInvitation(ctx, guild.id, { email: body.email })
    expect((await anonymous(ctx)('POST', '/api/v1/accounts/signup', body)).status).toBe(201)
    const before = await guildSnapshot(ctx, guild.id)
    await expectError(await signUpInvited(ctx, token), 409, 'EMAIL_TAKEN')
    expect(await guildSnapshot(ctx, guild.id)).toEqual(before)
    expect((await invitationOf(invitation.id)).status).toBe('pending')
  })
})
