import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { QueueView } from '../../../contract/queues'
import { players } from '../../db/schema'
import { buildGuild, buildMember } from '../../test/factories'
import { expectError } from '../../test/expect-error'
import { fileTestContext } from '../../test/harness'
import { auditRows } from '../../test/audit-rows'
import {
  buildQueue,
  call,
  expectRefusedUnchanged,
  entryByName,
  historyRows,
  namesOf,
  stateOf,
  storedEntries,
} from './queue.test-support'

const ctx = await fileTestContext()

const DAY = 86_400_000

describe('mark received', () => {
  it('counts it, moves the player after the other pendings, and writes one history row', async () => {
    const q = await buildQueue(ctx)
    const ana = q.entryOf('Ana')
    const view = await call(q.member, 'POST', `/queue-entries/${ana.id}/received`)
    expect(namesOf(view)).toEqual(['Bruno', 'Caio', 'Duda', 'Ana'])
    expect(view.entries.map((e) => e.position)).toEqual([1, 2, 3, 4])
    expect(entryByName(view, 'Ana')).toMatchObject({
      attendanceStatus: 'received',
      timesReceived: 1,
      timesAbsent: 0,
    })

    const [history] = await historyRows(ctx, q.guild.id)
    expect(history).toMatchObject({
      itemId: q.item.id,
      playerId: ana.playerId,
      itemName: 'Espada Lendária',
      itemRarity: 'legendary',
      playerName: 'Ana',
      distributedBy: q.member.user.id,
      previousQueuePosition: 1,
    })
    const [audit] = await auditRows(ctx, q.guild.id, 'ITEM_RECEIVED')
    expect(audit).toMatchObject({ userId: q.member.user.id, tableName: 'player_queues', recordId: ana.id })
    expect(audit!.description).toContain('Ana')
  })

  it("answers the place after the last shown entry when an inactive player's hidden entry comes right before", async () => {
    const q = await buildQueue(ctx)
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`)
    await ctx.database.db
      .update(players)
      .set({ playerStatus: 'inactive' })
      .where(eq(players.id, q.entryOf('Ana').playerId))
    // Stored: Bruno, Caio, Duda, Ana (hidden), then Bruno. `call` applies the answer to the queue seen
    // before and compares it with a fresh read: an answer placing Bruno after Ana cannot be applied.
    const view = await call(q.member, 'POST', `/queue-entries/${q.entryOf('Bruno').id}/received`)
    expect(namesOf(view)).toEqual(['Caio', 'Duda', 'Bruno'])
  })

  it('records the position the member saw, and a second receipt goes to the end of the received group', async () => {
    const q = await buildQueue(ctx)
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`)
    const caio = q.entryOf('Caio')
    let view = await call(q.member, 'POST', `/queue-entries/${caio.id}/received`)
    expect(namesOf(view)).toEqual(['Bruno', 'Duda', 'Ana', 'Caio'])
    view = await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`)
    expect(namesOf(view)).toEqual(['Bruno', 'Duda', 'Caio', 'Ana'])
    expect(entryByName(view, 'Ana').timesReceived).toBe(2)
    const positions = (await historyRows(ctx, q.guild.id)).map((h) => h.previousQueuePosition).sort()
    expect(positions).toEqual([1, 2, 3])
  })

  it('refuses a not-interested entry (409) and changes nothing', async () => {
    const q = await buildQueue(ctx)
    const ana = q.entryOf('Ana')
    await call(q.member, 'POST', `/queue-entries/${ana.id}/not-interested`)
    const before = await stateOf(ctx, q.guild.id, q.item.id)
    for (const action of ['received', 'absent']) {
      await expectError(
        await q.member.request('POST', `/api/v1/queue-entries/${ana.id}/${action}`),
        409,
        'NOT_INTERESTED_ENTRY',
      )
    }
    expect(await stateOf(ctx, q.guild.id, q.item.id)).toEqual(before)
  })
})

describe('mark absent', () => {
  it('counts it and moves the player to the end of the non-pending group', async () => {
    const q = await buildQueue(ctx)
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Duda').id}/received`)
    const view = await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/absent`)
    expect(namesOf(view)).toEqual(['Bruno', 'Caio', 'Duda', 'Ana'])
    expect(entryByName(view, 'Ana')).toMatchObject({
      attendanceStatus: 'absent',
      timesAbsent: 1,
      timesReceived: 0,
    })
    expect(await historyRows(ctx, q.guild.id)).toHaveLength(1)
    expect(await auditRows(ctx, q.guild.id, 'PLAYER_ABSENT')).toHaveLength(1)
  })
})

describe('not interested', () => {
  it('toggles to not_interested (last) and back to pending (end of the pendings)', async () => {
    const q = await buildQueue(ctx)
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Duda').id}/received`)
    let view = await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/not-interested`)
    expect(namesOf(view)).toEqual(['Bruno', 'Caio', 'Duda', 'Ana'])
    expect(entryByName(view, 'Ana').attendanceStatus).toBe('not_interested')
    view = await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/not-interested`)
    expect(namesOf(view)).toEqual(['Bruno', 'Caio', 'Ana', 'Duda'])
    expect(entryByName(view, 'Ana').attendanceStatus).toBe('pending')
    expect(await auditRows(ctx, q.guild.id, 'PLAYER_NOT_INTERESTED')).toHaveLength(1)
    expect(await auditRows(ctx, q.guild.id, 'PLAYER_INTERESTED')).toHaveLength(1)
  })
})

describe('penalties', () => {
  it('sets penalty_until = now + days and the note, and moves the player behind the unpenalised', async () => {
    const q = await buildQueue(ctx)
    const now = new Date('2025-06-01T10:00:00Z')
    ctx.setNow(now)
    try {
      const view = await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/penalty`, {
        days: 3,
        note: ' Faltou à raid ',
      })
      expect(namesOf(view)).toEqual(['Bruno', 'Caio', 'Duda', 'Ana'])
      expect(entryByName(view, 'Ana')).toMatchObject({
        penaltyUntil: new Date(now.getTime() + 3 * DAY).toISOString(),
        penaltyNote: 'Faltou à raid',
        isPenalized: true,
        attendanceStatus: 'pending',
      })
      // A received player without a penalty now goes ahead of the penalised one.
      const after = await call(q.member, 'POST', `/queue-entries/${q.entryOf('Bruno').id}/received`)
      expect(namesOf(after)).toEqual(['Caio', 'Duda', 'Bruno', 'Ana'])
      // Once the penalty lapses, the next action sorts Ana back among the pendings.
      ctx.setNow(new Date(now.getTime() + 3 * DAY + 1000))
      const lapsed = await call(q.member, 'POST', `/queue-entries/${q.entryOf('Caio').id}/received`)
      expect(entryByName(lapsed, 'Ana').isPenalized).toBe(false)
      expect(namesOf(lapsed)).toEqual(['Duda', 'Ana', 'Bruno', 'Caio'])
    } finally {
      ctx.setNow(null as unknown as Date)
    }
  })

  it('defaults to 7 days, and refuses 0 days, a fraction, or an empty note with 400, changing nothing', async () => {
    const q = await buildQueue(ctx)
    const ana = q.entryOf('Ana')
    const before = await stateOf(ctx, q.guild.id, q.item.id)
    // Each refusal names its field with a stable code: the dashboard words a blank reason as its own error.
    for (const [body, fields] of [
      [{ days: 0, note: 'x' }, { days: 'tooSmall' }],
      [{ days: 1.5, note: 'x' }, { days: 'invalidType' }],
      [{ days: 3, note: '' }, { note: 'required' }],
      [{ days: 3, note: '   ' }, { note: 'required' }],
      [{ days: 3 }, { note: 'required' }],
    ] as const) {
      const refused = await expectError(
        await q.member.request('POST', `/api/v1/queue-entries/${ana.id}/penalty`, body),
        400,
        'VALIDATION_FAILED',
      )
      expect(refused.error.fields).toEqual(fields)
    }
    expect(await stateOf(ctx, q.guild.id, q.item.id)).toEqual(before)
    const view = await call(q.member, 'POST', `/queue-entries/${ana.id}/penalty`, { note: 'late' })
    const until = new Date(entryByName(view, 'Ana').penaltyUntil!).getTime()
    expect(until - Date.now()).toBeGreaterThan(7 * DAY - 60_000)
    expect(until - Date.now()).toBeLessThanOrEqual(7 * DAY)
  })

  it('removes a penalty (both fields cleared, back to the end of its group); none → 409 NO_PENALTY', async () => {
    const q = await buildQueue(ctx)
    const ana = q.entryOf('Ana')
    await call(q.member, 'POST', `/queue-entries/${ana.id}/penalty`, { days: 2, note: 'afk' })
    const view = await call(q.member, 'DELETE', `/queue-entries/${ana.id}/penalty`)
    expect(namesOf(view)).toEqual(['Bruno', 'Caio', 'Duda', 'Ana'])
    expect(entryByName(view, 'Ana')).toMatchObject({
      penaltyUntil: null,
      penaltyNote: null,
      isPenalized: false,
    })
    expect(await auditRows(ctx, q.guild.id, 'PLAYER_PENALTY_REMOVED')).toHaveLength(1)
    await expectRefusedUnchanged(ctx, q, 409, 'NO_PENALTY', () =>
      q.member.request('DELETE', `/api/v1/queue-entries/${ana.id}/penalty`),
    )
  })
})

describe('remove from queue', () => {
  it('deletes the entry and closes the gap', async () => {
    const q = await buildQueue(ctx)
    const view = await call(q.member, 'DELETE', `/queue-entries/${q.entryOf('Bruno').id}`)
    expect(namesOf(view)).toEqual(['Ana', 'Caio', 'Duda'])
    expect((await storedEntries(ctx, q.item.id)).map((e) => e.queuePosition)).toEqual([1, 2, 3])
    expect(await auditRows(ctx, q.guild.id, 'QUEUE_REMOVE')).toHaveLength(1)
  })
})

describe('entries that cannot be acted on', () => {
  const actions: [string, string, unknown?][] = [
    ['POST', 'received'],
    ['POST', 'absent'],
    ['POST', 'not-interested'],
    ['POST', 'penalty', { days: 2, note: 'x' }],
    ['DELETE', 'penalty'],
    ['DELETE', ''],
  ]

  it.each(actions)(
    "%s …/%s: another guild's entry or an unknown one is 404, nothing changes",
    async (m, a, b) => {
      const q = await buildQueue(ctx)
      const stranger = await buildMember(ctx, { guildId: (await buildGuild(ctx)).guild.id })
      const before = await stateOf(ctx, q.guild.id, q.item.id)
      for (const id of [q.entryOf('Ana').id, '00000000-0000-4000-8000-000000000000']) {
        await expectError(
          await stranger.request(m, `/api/v1/queue-entries/${id}${a ? `/${a}` : ''}`, b),
          404,
          'NOT_FOUND',
        )
      }
      expect(await stateOf(ctx, q.guild.id, q.item.id)).toEqual(before)
    },
  )

  it.each(actions)("%s …/%s: an inactive player's hidden entry is 409 PLAYER_INACTIVE", async (m, a, b) => {
    const q = await buildQueue(ctx)
    const ana = q.entryOf('Ana')
    await ctx.database.db
      .update(players)
      .set({ playerStatus: 'inactive' })
      .where(eq(players.id, ana.playerId))
    await expectRefusedUnchanged(ctx, q, 409, 'PLAYER_INACTIVE', () =>
      q.member.request(m, `/api/v1/queue-entries/${ana.id}${a ? `/${a}` : ''}`, b),
    )
  })

  it('a malformed id is 400, a signed-out caller 401', async () => {
    const q = await buildQueue(ctx)
    expect((await q.member.request('POST', '/api/v1/queue-entries/not-a-uuid/received')).status).toBe(400)
    const res = await ctx.app.request(`/api/v1/queue-entries/${q.entryOf('Ana').id}/received`, {
      method: 'POST',
    })
    expect(res.status).toBe(401)
  })

  it('answers the same queue view as GET', async () => {
    const q = await buildQueue(ctx)
    const view = await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/absent`)
    expect(await call<QueueView>(q.member, 'GET', `/items/${q.item.id}/queue`)).toEqual(view)
  })
})

// An entry action may carry the version of the queue on the member's screen: refused when the queue has
// changed since (contract/queues.ts, QueueActionSchema; docs/decisions/001-queue-ordering.md, "The queue
// the member saw").
describe('the queue the member saw (queueVersion)', () => {
  const moves: [string, string, Record<string, unknown>?][] = [
    ['POST', 'received'],
    ['POST', 'absent'],
    ['POST', 'not-interested'],
    ['POST', 'penalty', { days: 2, note: 'x' }],
    ['DELETE', 'penalty'],
  ]
  const entryPath = (id: string, action: string) => `/api/v1/queue-entries/${id}/${action}`

  it.each(moves)(
    '%s …/%s: refused with 409 QUEUE_CHANGED after another write, nothing changes; the current version acts',
    async (method, action, body) => {
      const q = await buildQueue(ctx)
      const seen = q.queue.version
      const bruno = q.entryOf('Bruno')
      // Another officer acts first (a penalty, so that removing one has one to remove).
      const first = await call(q.member, 'POST', `/queue-entries/${bruno.id}/penalty`, { days: 1, note: 'a' })
      expect(first.version).toBe(seen + 1)
      await expectRefusedUnchanged(ctx, q, 409, 'QUEUE_CHANGED', () =>
        q.member.request(method, entryPath(bruno.id, action), { ...body, queueVersion: seen }),
      )
      const acted = await q.member.request(method, entryPath(bruno.id, action), {
        ...body,
        queueVersion: first.version,
      })
      expect(acted.status, await acted.clone().text()).toBe(200)
      expect(((await acted.json()) as { version: number }).version).toBe(first.version + 1)
    },
  )

  it('two officers who saw the same queue award its first player once: the second is refused', async () => {
    const q = await buildQueue(ctx)
    const other = await buildMember(ctx, { guildId: q.guild.id })
    const ana = q.entryOf('Ana')
    const seen = q.queue.version
    const award = (member: typeof other) =>
      member.request('POST', entryPath(ana.id, 'received'), { queueVersion: seen })
    expect((await award(q.member)).status).toBe(200)
    await expectRefusedUnchanged(ctx, q, 409, 'QUEUE_CHANGED', () => award(other))
    expect((await historyRows(ctx, q.guild.id)).map((h) => h.playerName)).toEqual(['Ana'])
    // Without a version the action is not checked (scripts and integrations that do not send one).
    expect((await other.request('POST', entryPath(ana.id, 'received'))).status).toBe(200)
    expect(await historyRows(ctx, q.guild.id)).toHaveLength(2)
  })

  it.each([-1, 1.5, 2 ** 31, '0'])('a version of %s is 400 on queueVersion, nothing changes', async (bad) => {
    const q = await buildQueue(ctx)
    const before = await stateOf(ctx, q.guild.id, q.item.id)
    const res = await q.member.request('POST', entryPath(q.entryOf('Ana').id, 'received'), {
      queueVersion: bad,
    })
    const body = await expectError(res, 400, 'VALIDATION_FAILED')
    expect(Object.keys(body.error.fields)).toEqual(['queueVersion'])
    expect(await stateOf(ctx, q.guild.id, q.item.id)).toEqual(before)
  })
})
