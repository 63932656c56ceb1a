import { afterEach, describe, expect, it } from 'vitest'
import type { RaidNightDetail } from '../../../contract/raid-nights'
import { raidNights } from '../../db/schema'
import { buildGuild, buildMember } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { api, DURING_NIGHT, scheduleNight, TONIGHT } from './raid-nights.test-support'

// Which night a prefill copies (docs/product-rules.md, "Raid nights"): the latest of the same name that starts
// before this one. An outside tester moved a night onto its copy's evening; of two that start together, the
// one created first is the other's source, never a matter of their random ids.

const ctx = await fileTestContext()
afterEach(() => ctx.setNow(null))

describe('the night a prefill copies', () => {
  it('of two nights of one name that start together, takes the one created first', async () => {
    ctx.setNow(DURING_NIGHT)
    const { guild } = await buildGuild(ctx, { subscriptionStatus: 'active' })
    const member = await buildMember(ctx, { guildId: guild.id })
    // The source, completed (two active nights cannot overlap), created first, with the highest id there is.
    const [source] = await ctx.database.db
      .insert(raidNights)
      .values({
        id: 'ffffffff-ffff-4fff-bfff-ffffffffffff',
        guildId: guild.id,
        name: TONIGHT.name,
        startsAt: new Date('2026-12-10T23:00:00Z'),
        endsAt: new Date('2026-12-11T02:00:00Z'),
        status: 'completed',
        createdAt: new Date('2026-12-01T12:00:00Z'),
        updatedAt: new Date('2026-12-01T12:00:00Z'),
      })
      .returning()
    const copy = await scheduleNight(member)
    expect(copy.startsAt).toBe(source!.startsAt.toISOString())
    expect(copy.previousId).toBe(source!.id)
    const first = await api<RaidNightDetail>(member, 'GET', `/raid-nights/${source!.id}`)
    expect(first.previousId).toBeNull()
  })

  it('takes none that starts later, whatever it overlaps', async () => {
    ctx.setNow(DURING_NIGHT)
    const { guild } = await buildGuild(ctx, { subscriptionStatus: 'active' })
    const member = await buildMember(ctx, { guildId: guild.id })
    const later = await scheduleNight(member, { startTime: '21:00' })
    await api(member, 'POST', `/raid-nights/${later.id}/status`, { action: 'complete' })
    const night = await scheduleNight(member, { startTime: '20:00', endTime: '22:00' })
    expect(night.previousId).toBeNull()
  })
})
