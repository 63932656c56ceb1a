import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import {
  account,
  auditLogs,
  formerMembers,
  guilds,
  lootHistory,
  profiles,
  session,
  user,
  userInvitations,
} from '../../db/schema'
import {
  anonymous,
  buildGuild,
  buildInvitation,
  buildItem,
  buildMember,
  buildPlayer,
} from '../../test/factories'
import { expectError } from '../../test/expect-error'
import { fileTestContext } from '../../test/harness'
import { auditRows } from '../../test/audit-rows'
import { guildSnapshot, signUpInvited, startTogether } from './members.test-support'

const ctx = await fileTestContext()
afterEach(() => ctx.setNow(null as unknown as Date))

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'
const profileOf = async (id: string) =>
  (await ctx.database.db.select().from(profiles).where(eq(profiles.id, id)))[0]

/** A guild with its admin, a second admin and a plain member. */
async function team() {
  const { guild, admin } = await buildGuild(ctx)
  const coAdmin = await buildMember(ctx, { guildId: guild.id, role: 'guild_admin' })
  const member = await buildMember(ctx, { guildId: guild.id })
  return { guild, admin, coAdmin, member }
}

describe('GET /members', () => {
  it("lists the guild's members newest first, marks the caller, and shows invitations and slots", async () => {
    const start = new Date('2031-01-01T00:00:00Z')
    ctx.setNow(start)
    const { guild, admin } = await buildGuild(ctx)
    ctx.setNow(new Date(start.getTime() + 60_000))
    const member = await buildMember(ctx, { guildId: guild.id, name: 'Zed' })
    await ctx.database.db
      .update(profiles)
      .set({ createdAt: new Date(start.getTime() + 60_000) })
      .where(eq(profiles.id, member.profileId))
    await ctx.database.db.update(profiles).set({ createdAt: start }).where(eq(profiles.id, admin.profileId))
    const pending = await buildInvitation(ctx, guild.id, { email: 'p@example.com' })
    await buildInvitation(ctx, guild.id, { status: 'cancelled' })
    await buildMember(ctx) // another guild

    const res = await admin.request('GET', '/api/v1/members')
    expect(res.status).toBe(200)
    const page = await res.json()
    expect(page.members).toEqual([
      {
        id: member.profileId,
        userId: member.user.id,
        email: member.user.email,
        displayName: 'Zed',
        role: 'guild_member',
        isActive: true,
        createdAt: new Date(start.getTime() + 60_000).toISOString(),
        isSelf: false,
      },
      expect.objectContaining({ id: admin.profileId, role: 'guild_admin', isSelf: true }),
    ])
    expect(page.invitations.map((i: { id: string }) => i.id)).toEqual([pending.invitation.id])
    expect(page.slots).toEqual({ limit: 3, used: 1, extraInvites: 0 })
  })
})

describe('who may manage users', () => {
  const calls = (id: string) =>
    [
      ['GET', '/api/v1/members', undefined],
      ['PATCH', `/api/v1/members/${id}`, { displayName: 'X', role: 'guild_member' }],
      ['POST', `/api/v1/members/${id}/deactivate`, undefined],
      ['POST', `/api/v1/members/${id}/activate`, undefined],
      ['DELETE', `/api/v1/members/${id}`, undefined],
      ['POST', '/api/v1/invitations', { email: 'who@example.com', displayName: 'Who' }],
      ['DELETE', `/api/v1/invitations/${UNKNOWN_ID}`, undefined],
    ] as const

  /** What gives access or power stays Pro; listing and cutting access do not (the safety actions below). */
  const proOnlyCalls = (id: string) =>
    calls(id).filter(
      ([method, path]) =>
        method === 'PATCH' ||
        path.endsWith('/activate') ||
        (method === 'POST' && path === '/api/v1/invitations'),
    )

  it('answers 401 anonymous, 403 to members and 402 without a subscription or live trial; nothing changes', async () => {
    const start = new Date('2031-02-01T00:00:00Z')
    ctx.setNow(start)
    const { guild, admin, member } = await team()
    const before = await guildSnapshot(ctx, guild.id)
    for (const [method, path, body] of calls(member.profileId)) {
      await expectError(await anonymous(ctx)(method, path, body), 401, 'UNAUTHENTICATED')
      await expectError(await member.request(method, path, body), 403, 'FORBIDDEN')
    }
    ctx.setNow(new Date(start.getTime() + 4 * 86_400_000)) // the 3-day trial is over
    for (const [method, path, body] of proOnlyCalls(member.profileId))
      await expectError(await admin.request(method, path, body), 402, 'SUBSCRIPTION_REQUIRED')
    await ctx.database.db.update(guilds).set({ subscriptionStatus: 'active' }).where(eq(guilds.id, guild.id))
    expect((await admin.request('GET', '/api/v1/members')).status).toBe(200)
    expect(await guildSnapshot(ctx, guild.id)).toEqual(before)
  })

  it("answers 404 for another guild's members and unknown ids, 400 for bad input; nothing changes", async () => {
    const { guild, admin, member } = await team()
    const other = await buildGuild(ctx)
    const before = await guildSnapshot(ctx, guild.id)
    const otherBefore = await guildSnapshot(ctx, other.guild.id)
    for (const id of [other.admin.profileId, UNKNOWN_ID])
      for (const [method, path, body] of calls(id).slice(1, 5))
        await expectError(await admin.request(method, path, body), 404, 'NOT_FOUND')
    const patch = (body: unknown) => admin.request('PATCH', `/api/v1/members/${member.profileId}`, body)
    await expectError(
      await patch({ displayName: 'x'.repeat(10_240), role: 'guild_member' }),
      400,
      'VALIDATION_FAILED',
    )
    await expectError(await patch({ displayName: '  ', role: 'guild_member' }), 400, 'VALIDATION_FAILED')
    await expectError(await patch({ displayName: 'Ok', role: 'owner' }), 400, 'VALIDATION_FAILED')
    await expectError(await patch({ displayName: 'Ok' }), 400, 'VALIDATION_FAILED')
    await expectError(
      await admin.request('POST', '/api/v1/members/not-a-uuid/deactivate'),
      400,
      'VALIDATION_FAILED',
    )
    expect(await guildSnapshot(ctx, guild.id)).toEqual(before)
    const { users: _u, sessions: _s, ...otherRows } = otherBefore
    expect(await guildSnapshot(ctx, other.guild.id)).toMatchObject(otherRows)
  })
})

describe("an unpaid guild's admin still sees and cuts access", () => {
  const start = new Date('2031-03-01T00:00:00Z')
  const unpaid = [
    ['past_due', { subscriptionStatus: 'past_due' }],
    ['canceled', { subscriptionStatus: 'canceled' }],
    [
      'a trial ended unpaid',
      { subscriptionStatus: 'trialing', createdAt: new Date(start.getTime() - 4 * 86_400_000) },
    ],
  ] as const

  it.each(unpaid)(
    '%s: lists, deactivates, removes and cancels; members 403, other guilds 404, granting stays 402',
    async (_, state) => {
      ctx.setNow(start)
      const { guild, admin } = await buildGuild(ctx, state)
      const member = await buildMember(ctx, { guildId: guild.id })
      const leaving = await buildMember(ctx, { guildId: guild.id })
      const { invitation } = await buildInvitation(ctx, guild.id)
      const other = await buildGuild(ctx, state)
      const otherMember = await buildMember(ctx, { guildId: other.guild.id })
      const { invitation: otherInvitation } = await buildInvitation(ctx, other.guild.id)
      const safety = (memberId: string, invitationId: string) =>
        [
          ['GET', '/api/v1/members'],
          ['POST', `/api/v1/members/${memberId}/deactivate`],
          ['DELETE', `/api/v1/members/${memberId}`],
          ['DELETE', `/api/v1/invitations/${invitationId}`],
        ] as const
      const before = await guildSnapshot(ctx, guild.id)
      const otherBefore = await guildSnapshot(ctx, other.guild.id)

      for (const [method, path] of safety(leaving.profileId, invitation.id))
        await expectError(await member.request(method, path), 403, 'FORBIDDEN')
      for (const [method, path] of safety(otherMember.profileId, otherInvitation.id).slice(1))
        await expectError(await admin.request(method, path), 404, 'NOT_FOUND')
      await expectError(
        await admin.request('POST', '/api/v1/invitations', { email: 'new@example.com', displayName: 'New' }),
        402,
        'SUBSCRIPTION_REQUIRED',
      )
      await expectError(
        await admin.request('POST', `/api/v1/members/${member.profileId}/activate`),
        402,
        'SUBSCRIPTION_REQUIRED',
      )
      expect(await guildSnapshot(ctx, guild.id)).toEqual(before)
      expect(await guildSnapshot(ctx, other.guild.id)).toEqual(otherBefore)

      const page = await admin.request('GET', '/api/v1/members')
      expect(page.status).toBe(200)
      const listed = await page.json()
      expect(listed.members).toHaveLength(3)
      expect(listed.invitations.map((i: { id: string }) => i.id)).toEqual([invitation.id])

      const deactivated = await admin.request('POST', `/api/v1/members/${member.profileId}/deactivate`)
      expect(deactivated.status).toBe(200)
      expect((await profileOf(member.profileId))?.isActive).toBe(false)
      expect((await admin.request('DELETE', `/api/v1/members/${leaving.profileId}`)).status).toBe(204)
      expect(await profileOf(leaving.profileId)).toBeUndefined()
      expect((await admin.request('DELETE', `/api/v1/invitations/${invitation.id}`)).status).toBe(204)
      const [cancelled] = await ctx.database.db
        .select()
        .from(userInvitations)
        .where(eq(userInvitations.id, invitation.id))
      expect(cancelled?.status).toBe('cancelled')
      const { users: _u, sessions: _s, ...otherRows } = otherBefore
      expect(await guildSnapshot(ctx, other.guild.id)).toMatchObject(otherRows)
    },
  )
})

describe('PATCH /members/{id}', () => {
  it('renames and promotes a member, the account name follows, and the change is audited', async () => {
    const { guild, admin, member } = await team()
    const res = await admin.request('PATCH', `/api/v1/members/${member.profileId}`, {
      displayName: '  Captain  ',
      role: 'guild_admin',
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      id: member.profileId,
      displayName: 'Captain',
      role: 'guild_admin',
    })
    expect(await profileOf(member.profileId)).toMatchObject({ displayName: 'Captain', role: 'guild_admin' })
    const [account] = await ctx.database.db.select().from(user).where(eq(user.id, member.user.id))
    expect(account?.name).toBe('Captain')
    expect(await auditRows(ctx, guild.id, 'USER_UPDATED')).toEqual([
      {
        userId: admin.user.id,
        tableName: 'profiles',
        recordId: member.profileId,
        description: `${member.user.name} → Captain · guild_member → guild_admin`,
      },
    ])
    // The promoted member can now manage users.
    expect((await member.request('GET', '/api/v1/members')).status).toBe(200)

    // The same values again change nothing and write nothing.
    const before = await guildSnapshot(ctx, guild.id)
    const same = await admin.request('PATCH', `/api/v1/members/${member.profileId}`, {
      displayName: 'Captain',
      role: 'guild_admin',
    })
    expect(same.status).toBe(200)
    expect(await guildSnapshot(ctx, guild.id)).toEqual(before)
  })

  it('lets an admin rename themselves but not change their own role', async () => {
    const { guild, admin } = await team()
    const before = await guildSnapshot(ctx, guild.id)
    const self = `/api/v1/members/${admin.profileId}`
    await expectError(
      await admin.request('PATCH', self, { displayName: admin.user.name, role: 'guild_member' }),
      409,
      'CANNOT_CHANGE_SELF',
    )
    expect(await guildSnapshot(ctx, guild.id)).toEqual(before)
    const renamed = await admin.request('PATCH', self, { displayName: 'Boss', role: 'guild_admin' })
    expect(renamed.status).toBe(200)
    expect(await renamed.json()).toMatchObject({ displayName: 'Boss', isSelf: true })
  })
})

describe('self-protection and the last active admin', () => {
  it('refuses to deactivate, activate or remove oneself', async () => {
    const { guild, admin } = await team()
    const before = await guildSnapshot(ctx, guild.id)
    for (const [method, path] of [
      ['POST', `/api/v1/members/${admin.profileId}/deactivate`],
      ['POST', `/api/v1/members/${admin.profileId}/activate`],
      ['DELETE', `/api/v1/members/${admin.profileId}`],
    ] as const) {
      const body = await expectError(await admin.request(method, path), 409, 'CANNOT_CHANGE_SELF')
      expect(body.error.message).toBe('Você não pode desativar, rebaixar ou remover a si mesmo.')
    }
    expect(await guildSnapshot(ctx, guild.id)).toEqual(before)
  })

  for (const [what, act] of [
    ['deactivate', (p: string) => ['POST', `/api/v1/members/${p}/deactivate`, undefined]],
    [
      'demote',
      (p: string) => ['PATCH', `/api/v1/members/${p}`, { displayName: 'Demoted', role: 'guild_member' }],
    ],
    ['remove', (p: string) => ['DELETE', `/api/v1/members/${p}`, undefined]],
  ] as const) {
    it(`keeps one active admin when two admins ${what} each other at the same moment`, async () => {
      const { guild, admin, coAdmin } = await team()
      startTogether(ctx, 2)
      const [first, second] = await Promise.all([
        admin.request(...(act(coAdmin.profileId) as [string, string, unknown])),
        coAdmin.request(...(act(admin.profileId) as [string, string, unknown])),
      ])
      const statuses = [first.status, second.status].sort()
      expect(statuses[0]).toBeLessThan(300)
      const loser = first.status >= 300 ? first : second
      const body = await expectError(loser, 409, 'LAST_ADMIN')
      expect(body.error.message).toBe('A guild precisa de pelo menos um administrador ativo.')
      const admins = await ctx.database.db.select().from(profiles).where(eq(profiles.guildId, guild.id))
      expect(admins.filter((p) => p.role === 'guild_admin' && p.isActive)).toHaveLength(1)
    })
  }
})

describe('DELETE /members/{id}', () => {
  it('deletes the account and profile, keeps the history they wrote, frees their slot and is audited', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const { token } = await buildInvitation(ctx, guild.id, {
      email: 'leaver@example.com',
      displayName: 'Leaver',
    })
    expect((await signUpInvited(ctx, token)).status).toBe(201)
    const [leaverUser] = await ctx.database.db.select().from(user).where(eq(user.email, 'leaver@example.com'))
    const [leaver] = await ctx.database.db.select().from(profiles).where(eq(profiles.userId, leaverUser!.id))
    // History the leaver wrote.
    const item = await buildItem(ctx, guild.id, { name: 'Crown' })
    const player = await buildPlayer(ctx, guild.id, { name: 'Rogue' })
    const [loot] = await ctx.database.db
      .insert(lootHistory)
      .values({
        guildId: guild.id,
        itemId: item.id,
        playerId: player.id,
        itemName: 'Crown',
        playerName: 'Rogue',
        distributedBy: leaverUser!.id,
      })
      .returning()
    expect((await admin.request('GET', '/api/v1/members')).status).toBe(200)
    const slotsBefore = (await (await admin.request('GET', '/api/v1/members')).json()).slots

    expect((await admin.request('DELETE', `/api/v1/members/${leaver!.id}`)).status).toBe(204)

    expect(await ctx.database.db.select().from(user).where(eq(user.id, leaverUser!.id))).toEqual([])
    expect(await profileOf(leaver!.id)).toBeUndefined()
    expect(await ctx.database.db.select().from(account).where(eq(account.userId, leaverUser!.id))).toEqual([])
    expect(await ctx.database.db.select().from(session).where(eq(session.userId, leaverUser!.id))).toEqual([])
    const [kept] = await ctx.database.db.select().from(lootHistory).where(eq(lootHistory.id, loot!.id))
    // The rows keep the account's id, which now names a former member (issue 43, point 2).
    expect(kept).toMatchObject({ itemName: 'Crown', playerName: 'Rogue', distributedBy: leaverUser!.id })
    const accepted = await ctx.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.actionType, 'INVITE_ACCEPTED'))
    expect(accepted.filter((a) => a.guildId === guild.id)).toEqual([
      expect.objectContaining({ userId: leaverUser!.id, description: 'Leaver <leaver@example.com>' }),
    ])
    expect(
      await ctx.database.db
        .select({ userId: formerMembers.userId, displayName: formerMembers.displayName })
        .from(formerMembers)
        .where(eq(formerMembers.guildId, guild.id)),
    ).toEqual([{ userId: leaverUser!.id, displayName: 'Leaver' }])
    expect(
      await ctx.database.db.select().from(userInvitations).where(eq(userInvitations.guildId, guild.id)),
    ).toEqual([])
    const slotsAfter = (await (await admin.request('GET', '/api/v1/members')).json()).slots
    expect(slotsBefore.used - slotsAfter.used).toBe(1)
    expect(await auditRows(ctx, guild.id, 'USER_REMOVED')).toEqual([
      { userId: admin.user.id, tableName: 'profiles', recordId: leaver!.id, description: 'Leaver' },
    ])
  })

  it('hands the guild over to another active admin when its owner of record is removed', async () => {
    const { guild, admin, coAdmin } = await team()
    await ctx.database.db.update(guilds).set({ adminUserId: coAdmin.user.id }).where(eq(guilds.id, guild.id))
    expect((await admin.request('DELETE', `/api/v1/members/${coAdmin.profileId}`)).status).toBe(204)
    const [row] = await ctx.database.db.select().from(guilds).where(eq(guilds.id, guild.id))
    expect(row?.adminUserId).toBe(admin.user.id)
  })
})
