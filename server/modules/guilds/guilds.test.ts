import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { MAX_GUILD_NAME } from '../../../contract/accounts'
import { auditLogs, guilds, lootHistory } from '../../db/schema'
import type { GuildEvent } from '../../platform/realtime'
import { expectError } from '../../test/expect-error'
import { fileTestContext } from '../../test/harness'
import {
  anonymous,
  buildGuild,
  buildItem,
  buildMember,
  buildUser,
  requestAs,
  signSessionCookie,
} from '../../test/factories'

const ctx = await fileTestContext()

describe('GET /guild', () => {
  it('shows members the guild with its public password and subscription state', async () => {
    const { guild } = await buildGuild(ctx, { name: 'Silver Hand', publicAccessPassword: 'raid-night' })
    const member = await buildMember(ctx, { guildId: guild.id })
    const res = await member.request('GET', '/api/v1/guild')
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      id: guild.id,
      name: 'Silver Hand',
      slug: 'silver-hand',
      subscriptionStatus: 'trialing',
      subscription: { status: 'trialing', allowed: true },
      publicAccessPassword: 'raid-night',
    })
  })

  it('needs a signed-in member of a guild', async () => {
    expect((await anonymous(ctx)('GET', '/api/v1/guild')).status).toBe(401)
    const loner = await buildUser(ctx)
    await expectError(
      await requestAs(ctx, await signSessionCookie(ctx, loner.id))('GET', '/api/v1/guild'),
      403,
      'NO_GUILD',
    )
  })
})

describe('PATCH /guild', () => {
  it('lets an admin rename the guild and change its password; the slug stays; it is audited and announced', async () => {
    const { guild, admin } = await buildGuild(ctx, { name: 'Old Name' })
    const events: GuildEvent[] = []
    const stop = ctx.deps.realtime.subscribe(guild.id, (e) => events.push(e))
    await ctx.deps.realtime.start()
    const res = await admin.request('PATCH', '/api/v1/guild', {
      name: ' New Name ',
      publicAccessPassword: 'secret-2',
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      name: 'New Name',
      slug: 'old-name',
      publicAccessPassword: 'secret-2',
    })
    const logs = await ctx.database.db.select().from(auditLogs).where(eq(auditLogs.guildId, guild.id))
    expect(logs).toHaveLength(1)
    expect(logs[0]).toMatchObject({ actionType: 'GUILD_UPDATE', userId: admin.user.id, tableName: 'guilds' })
    expect(logs[0]!.description).toContain('Old Name → New Name')
    expect(logs[0]!.description).not.toContain('secret-2')
    await expect.poll(() => events).toContainEqual({ guildId: guild.id, topic: 'guild' })
    stop()

    const cleared = await admin.request('PATCH', '/api/v1/guild', { publicAccessPassword: '' })
    expect(await cleared.json()).toMatchObject({ name: 'New Name', publicAccessPassword: null })
  })

  it('refuses members with 403 and changes nothing', async () => {
    const { guild } = await buildGuild(ctx, { name: 'Members Cannot' })
    const member = await buildMember(ctx, { guildId: guild.id })
    await expectError(await member.request('PATCH', '/api/v1/guild', { name: 'Hijacked' }), 403, 'FORBIDDEN')
    const [row] = await ctx.database.db.select().from(guilds).where(eq(guilds.id, guild.id))
    expect(row!.name).toBe('Members Cannot')
  })

  it('refuses an empty name or one over the limit, and writes no audit row for a save that changes nothing', async () => {
    const { guild, admin } = await buildGuild(ctx, { name: 'Same Name' })
    const empty = await admin.request('PATCH', '/api/v1/guild', { name: '   ' })
    expect(empty.status).toBe(400)
    expect((await empty.json()).error.fields).toEqual({ name: 'required' })
    // Over the limit: refused with it, never cut to it.
    const long = await admin.request('PATCH', '/api/v1/guild', { name: 'x'.repeat(MAX_GUILD_NAME + 1) })
    expect(long.status).toBe(400)
    expect((await long.json()).error).toMatchObject({
      fields: { name: 'tooLong' },
      limits: { name: { max: MAX_GUILD_NAME } },
    })
    expect((await admin.request('PATCH', '/api/v1/guild', { name: 'Same Name' })).status).toBe(200)
    expect(await ctx.database.db.select().from(auditLogs).where(eq(auditLogs.guildId, guild.id))).toEqual([])
  })

  it('refuses a public password of spaces only, or too short once trimmed, keeping the one set', async () => {
    const { guild, admin } = await buildGuild(ctx, { name: 'Spaced Out', publicAccessPassword: 'raid-night' })
    for (const publicAccessPassword of [' '.repeat(6), '\t \n  ', '  abc  ']) {
      const res = await admin.request('PATCH', '/api/v1/guild', { publicAccessPassword })
      expect((await expectError(res, 400, 'VALIDATION_FAILED')).error.fields).toEqual({
        publicAccessPassword: 'publicPasswordTooShort',
      })
    }
    const [row] = await ctx.database.db.select().from(guilds).where(eq(guilds.id, guild.id))
    expect(row!.publicAccessPassword).toBe('raid-night')
    // Empty still means "no password" (docs/product-rules.md, "Public page"), and a set one is trimmed.
    const trimmed = await admin.request('PATCH', '/api/v1/guild', { publicAccessPassword: '  secret-3 ' })
    expect((await trimmed.json()).publicAccessPassword).toBe('secret-3')
    const cleared = await admin.request('PATCH', '/api/v1/guild', { publicAccessPassword: null })
    expect((await cleared.json()).publicAccessPassword).toBeNull()
  })

  it("never lets a second guild's admin read or change the first guild", async () => {
    const first = await buildGuild(ctx, { name: 'First Guild', publicAccessPassword: 'first-secret' })
    const second = await buildGuild(ctx, { name: 'Second Guild' })
    const read = await (await second.admin.request('GET', '/api/v1/guild')).json()
    expect(read.id).toBe(second.guild.id)
    expect(JSON.stringify(read)).not.toContain('first-secret')
    // Even naming the first guild in the body cannot redirect the write.
    await second.admin.request('PATCH', '/api/v1/guild', { id: first.guild.id, name: 'Taken Over' })
    const [row] = await ctx.database.db.select().from(guilds).where(eq(guilds.id, first.guild.id))
    expect(row!.name).toBe('First Guild')
    const stats = await (await second.admin.request('GET', '/api/v1/guild/stats')).json()
    expect(stats.members).toBe(1)
  })
})

describe('GET /guild/stats', () => {
  it('counts active members, items and distributed loot of this guild only', async () => {
    const { guild, admin } = await buildGuild(ctx)
    await buildMember(ctx, { guildId: guild.id })
    await buildMember(ctx, { guildId: guild.id, isActive: false })
    await buildItem(ctx, guild.id)
    await buildItem(ctx, guild.id)
    await buildItem(ctx, (await buildGuild(ctx)).guild.id)
    await ctx.database.db
      .insert(lootHistory)
      .values({ guildId: guild.id, itemName: 'Sword', playerName: 'Ana' })
    const res = await admin.request('GET', '/api/v1/guild/stats')
    expect(await res.json()).toMatchObject({
      members: 2,
      items: 2,
      distributed: 1,
      createdAt: guild.createdAt.toISOString(),
    })
  })
})
