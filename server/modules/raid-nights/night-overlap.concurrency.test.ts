import { and, eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { raidNights } from '../../db/schema'
import { lockGuildRow } from '../../db/guild-scope'
import { buildGuild, buildMember } from '../../test/factories'
import { ENGINE, fileTestContext, type TestContext } from '../../test/harness'
import { untilSessionsWait } from '../../test/lock-waits'
import { insertNight } from './raid-nights.queries'
import { DURING_NIGHT, TONIGHT } from './raid-nights.test-support'

// Two officers scheduling nights whose times meet, at the same moment: one is refused (RAID_NIGHT_OVERLAP),
// never both written (PostgreSQL only: PGlite runs one transaction at a time, so nothing there can interleave).
// Every night write that checks the rule holds the guild's row lock from before its check until it commits.

const ctx = ENGINE === 'postgres' ? await fileTestContext() : (undefined as unknown as TestContext)
afterEach(() => ctx?.setNow(null))

const ROUNDS = 8

async function guildAt() {
  ctx.setNow(DURING_NIGHT)
  const { guild } = await buildGuild(ctx, { createdAt: new Date(DURING_NIGHT.getTime() - 60_000) })
  const first = await buildMember(ctx, { guildId: guild.id })
  const second = await buildMember(ctx, { guildId: guild.id })
  return { guild, first, second }
}

const nightsOf = (guildId: string) =>
  ctx.database.db.select({ name: raidNights.name }).from(raidNights).where(eq(raidNights.guildId, guildId))

describe.skipIf(ENGINE !== 'postgres')('overlapping nights written at once (PostgreSQL only)', () => {
  it('a new night waits for a night being written over the same hours, then is refused', async () => {
    const { guild, first } = await guildAt()
    let create: Promise<Response> | undefined
    // A night written as the create route does (the guild's lock, then the row), held open while another
    // officer schedules one over it.
    await ctx.database.db.transaction(async (tx) => {
      await lockGuildRow(tx, guild.id)
      const values = {
        name: 'Primeira',
        description: null,
        startsAt: new Date('2026-12-10T23:00:00Z'),
        endsAt: new Date('2026-12-11T02:00:00Z'),
        createdBy: first.user.id,
      }
      await insertNight(tx, guild.id, values, DURING_NIGHT)
      create = first.request('POST', '/api/v1/raid-nights', { ...TONIGHT, startTime: '21:00' })
      await untilSessionsWait(ctx.database.db)
    })
    const answer = await create!
    expect(answer.status).toBe(409)
    const body = (await answer.json()) as { error: { code: string; message: string } }
    expect(body.error.code).toBe('RAID_NIGHT_OVERLAP')
    expect(body.error.message).toContain('“Primeira”')
    expect((await nightsOf(guild.id)).map((n) => n.name)).toEqual(['Primeira'])
  })

  it('two officers creating, or one creating and one moving a night, over the same hours: exactly one wins', {
    timeout: 120_000,
  }, async () => {
    const create = (member: Awaited<ReturnType<typeof guildAt>>['first'], input: object) =>
      member.request('POST', '/api/v1/raid-nights', { ...TONIGHT, ...input })
    const tonightStart = new Date('2026-12-10T23:00:00Z')
    for (let round = 0; round < ROUNDS; round++) {
      const both = await guildAt()
      const created = await Promise.all([
        create(both.first, { name: 'Um' }),
        create(both.second, { name: 'Dois' }),
      ])
      expect(created.map((r) => r.status).sort()).toEqual([201, 409])
      expect(await nightsOf(both.guild.id)).toHaveLength(1)

      // Next week's night moved onto tonight while another officer schedules tonight.
      const moving = await guildAt()
      const nextWeek = await create(moving.first, { name: 'Semana que vem', date: '2026-12-17' })
      const { id } = (await nextWeek.json()) as { id: string }
      const raced = await Promise.all([
        moving.first.request('PATCH', `/api/v1/raid-nights/${id}`, { date: TONIGHT.date }),
        create(moving.second, { name: 'Hoje' }),
      ])
      const statuses = raced.map((r) => r.status)
      expect(
        statuses.filter((status) => status === 409),
        String(statuses),
      ).toHaveLength(1)
      expect(
        statuses.filter((status) => status === 200 || status === 201),
        String(statuses),
      ).toHaveLength(1)
      const tonight = await ctx.database.db
        .select({ id: raidNights.id })
        .from(raidNights)
        .where(and(eq(raidNights.guildId, moving.guild.id), eq(raidNights.startsAt, tonightStart)))
      expect(tonight).toHaveLength(1)
    }
  })
})
