import { and, eq, like } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { auditLogs, lootHistory, playerQueues, raidNights } from '../../db/schema'
import { buildItem, buildMember } from '../../test/factories'
import { ENGINE, fileTestContext, type TestContext } from '../../test/harness'
import { buildQueue, call } from '../queues/queue.test-support'
import { entryAction } from '../queues/queue-write.queries'
import { lockNight, updateNight } from './raid-nights.queries'
import { DURING_NIGHT, markPlayers, scheduleNight, setNoShowRule } from './raid-nights.test-support'

// Two officers awarding during the same night at once still apply each rule exactly once (PostgreSQL only:
// PGlite runs one transaction at a time, so nothing there can interleave).

const ctx = ENGINE === 'postgres' ? await fileTestContext() : (undefined as unknown as TestContext)
afterEach(() => ctx?.setNow(null))

const ROUNDS = 8
/** Long enough for a request that does not wait to have answered. */
const SETTLE_MS = 300

/** Whether a promise has settled within SETTLE_MS. */
async function settledSoon(promise: Promise<unknown>): Promise<boolean> {
  let settled = false
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  )
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
  return settled
}

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

  it('an award waits for a completion under way, then is refused and writes nothing', async () => {
    ctx.setNow(new Date(DURING_NIGHT.getTime() - 60_000))
    const q = await buildQueue(ctx, ['Ana', 'Bruno'])
    ctx.setNow(DURING_NIGHT)
    const night = await scheduleNight(q.member)
    let award: Promise<Response> | undefined
    // The night completed as the status route does (lock, then write), held open while the award arrives.
    await ctx.database.db.transaction(async (tx) => {
      await lockNight(tx, q.guild.id, night.id)
      award = q.member.request('POST', `/api/v1/queue-entries/${q.entryOf('Ana').id}/received`, {
        raidNightId: night.id,
      })
      expect(await settledSoon(award)).toBe(false)
      await updateNight(tx, q.guild.id, night.id, { status: 'completed' }, DURING_NIGHT)
    })
    const answer = await award!
    expect(answer.status).toBe(409)
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('RAID_NIGHT_NOT_RUNNING')
    const history = await ctx.database.db
      .select()
      .from(lootHistory)
      .where(eq(lootHistory.guildId, q.guild.id))
    expect(history).toEqual([])
  })

  it('a completion waits for an award under way, and the award stays linked to the night', async () => {
    ctx.setNow(new Date(DURING_NIGHT.getTime() - 60_000))
    const q = await buildQueue(ctx, ['Ana', 'Bruno'])
    ctx.setNow(DURING_NIGHT)
    const night = await scheduleNight(q.member)
    let completion: Promise<Response> | undefined
    // A real award, its transaction held open after the action while an officer completes the night.
    await ctx.database.db.transaction(async (tx) => {
      const input = {
        action: 'received' as const,
        note: null,
        raidNightId: night.id,
        guildId: q.guild.id,
        userId: q.member.user.id,
        entryId: q.entryOf('Ana').id,
        now: DURING_NIGHT,
      }
      expect('version' in (await entryAction(tx, input, true))).toBe(true)
      completion = q.member.request('POST', `/api/v1/raid-nights/${night.id}/status`, { action: 'complete' })
      expect(await settledSoon(completion)).toBe(false)
    })
    expect((await completion!).status).toBe(200)
    const [stored] = await ctx.database.db
      .select({ status: raidNights.status })
      .from(raidNights)
      .where(eq(raidNights.id, night.id))
    expect(stored!.status).toBe('completed')
    const history = await ctx.database.db
      .select({ eventId: lootHistory.eventId })
      .from(lootHistory)
      .where(eq(lootHistory.guildId, q.guild.id))
    expect(history).toEqual([{ eventId: night.id }])
  })
})
