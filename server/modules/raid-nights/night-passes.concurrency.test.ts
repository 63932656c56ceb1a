import { and, eq, like } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { auditLogs, playerQueues } from '../../db/schema'
import { buildItem, buildMember } from '../../test/factories'
import { ENGINE, fileTestContext, type TestContext } from '../../test/harness'
import { buildQueue, call } from '../queues/queue.test-support'
import { DURING_NIGHT, markPlayers, scheduleNight, setNoShowRule } from './raid-nights.test-support'

// Two officers awarding during the same night at once still apply each rule exactly once (PostgreSQL only:
// PGlite runs one transaction at a time, so nothing there can interleave).

const ctx = ENGINE === 'postgres' ? await fileTestContext() : (undefined as unknown as TestContext)
afterEach(() => ctx?.setNow(null))

const ROUNDS = 8

describe.skipIf(ENGINE !== 'postgres')('awards during one night, at once (PostgreSQL only)', () => {
  it('pass a no-show over exactly once per queue, whichever award comes first', {
    timeout: 120_000,
  }, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      ctx.setNow(new Date(DURING_NIGHT.getTime() - 60_000))
      const q = await buildQueue(ctx, ['Ana', 'Bruno', 'Caio', 'Duda'])
      ctx.setNow(DURING_NIGHT)
      await setNoShowRule(ctx, q.guild.id, 'absent')
      const second = await buildMember(ctx, { guildId: q.guild.id })
      const other = await buildItem(ctx, q.guild.id, { name: 'Anel' })
      const { queue: otherQueue } = await call<{ queue: { entries: { id: string; playerName: string }[] } }>(
        q.member,
        'POST',
        `/items/${other.id}/queue/add-all`,
      )
      const night = await scheduleNight(q.member)
      const ana = q.players.find((p) => p.name === 'Ana')!
      await markPlayers(q.member, night.id, { [ana.id]: 'no_show' })

      const entryIn = (entries: { id: string; playerName: string }[], name: string) =>
        entries.find((e) => e.playerName === name)!.id
      const award = (member: typeof q.member, entryId: string) =>
        member.request('POST', `/api/v1/queue-entries/${entryId}/received`, { raidNightId: night.id })
      // Two awards on one item (Bruno and Caio: whichever runs first passes Ana over, the other finds her
      // behind) and one on another item, all at once.
      const answers = await Promise.all([
        award(q.member, q.entryOf('Bruno').id),
        award(second, q.entryOf('Caio').id),
        award(second, entryIn(otherQueue.entries, 'Duda')),
      ])
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200])

      const passes = await ctx.database.db
        .select({ recordId: auditLogs.recordId })
        .from(auditLogs)
        .where(and(eq(auditLogs.guildId, q.guild.id), like(auditLogs.actionType, 'PLAYER_PASSED%')))
      expect(passes.map((p) => p.recordId).sort()).toEqual(
        [q.entryOf('Ana').id, entryIn(otherQueue.entries, 'Ana')].sort(),
      )
      const absences = await ctx.database.db
        .select({ itemId: playerQueues.itemId, timesAbsent: playerQueues.timesAbsent })
        .from(playerQueues)
        .where(and(eq(playerQueues.guildId, q.guild.id), eq(playerQueues.playerId, ana.id)))
      expect(absences.map((a) => a.timesAbsent)).toEqual([1, 1])
    }
  })
})
