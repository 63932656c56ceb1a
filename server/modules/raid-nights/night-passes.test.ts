import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import type { AttendanceStatus } from '../../../contract/enums'
import type { ActivityPage } from '../../../contract/history'
import type { PlayerStanding } from '../../../contract/player-standing'
import { applyQueueChange } from '../../../contract/queue-change'
import type { QueueChange, QueueView } from '../../../contract/queues'
import { lootHistory, playerQueues } from '../../db/schema'
import { expectError } from '../../test/expect-error'
import { buildItem, buildMember } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { publicClient } from '../public/public.test-support'
import { api, createRanks } from '../ranks/ranks.test-support'
import {
  buildQueue,
  call,
  expectSortedSpanHolds,
  type QueueFixture,
  storedEntries,
} from '../queues/queue.test-support'
import {
  auditOf,
  DURING_NIGHT,
  markPlayers,
  scheduleNight,
  setNoShowRule,
  tick,
} from './raid-nights.test-support'
import type { NightAttendance, NoShowRule } from '../../../contract/enums'
import { DEFAULT_PUBLIC_VISIBILITY } from '../../../contract/public-visibility'

// An award during a raid night passes over the players ahead of the winner who are not here
// (docs/product-rules.md, "Raid nights"). The queue after each award is compared with this file's own model
// of the rules, written from the product rules and independent of the product's code (queue-order.ts, the
// database function).

const ctx = await fileTestContext()
afterEach(() => ctx.setNow(null))

type ModelEntry = {
  name: string
  status: AttendanceStatus
  penalized: boolean
  received: number
  absent: number
}
type Passed = { name: string; attendance: NightAttendance; markedAbsent: boolean }

// ---- The model ----
// Groups: (1) pending without a live penalty, (2) other without a live penalty, (3) penalised, (4) not
// interested. An action sends the acted-on entries to the end of their group, stable inside a group.
const group = (e: ModelEntry) =>
  e.status === 'not_interested' ? 4 : e.penalized ? 3 : e.status === 'pending' ? 1 : 2
const away = (mark: NightAttendance | undefined) =>
  mark === 'bench' || mark === 'excused' || mark === 'no_show'

/** Rules: the players ahead of the winner who could receive and are away are passed over; with the
 * "absent" rule a no-show is marked absent (behind the pending players, one more absence) before the
 * winner goes to the end of its group; bench, excused and (with "keep") no-show keep their place. */
function modelAward(
  queue: ModelEntry[],
  winner: string,
  marks: Record<string, NightAttendance>,
  rule: NoShowRule,
): { queue: ModelEntry[]; passed: Passed[] } {
  const w = queue.find((e) => e.name === winner)!
  const canReceive = (e: ModelEntry) => group(e) <= 2
  const ahead = (e: ModelEntry) =>
    group(e) < group(w) || (group(e) === group(w) && queue.indexOf(e) < queue.indexOf(w))
  const passed = queue
    .filter((e) => e !== w && canReceive(e) && ahead(e) && away(marks[e.name]))
    .map((e) => ({
      name: e.name,
      attendance: marks[e.name]!,
      markedAbsent: marks[e.name] === 'no_show' && rule === 'absent',
    }))
  const marked = new Set(passed.filter((p) => p.markedAbsent).map((p) => p.name))
  const next = queue.map((e) => {
    if (e === w) return { ...e, status: 'received' as const, received: e.received + 1 }
    if (marked.has(e.name)) return { ...e, status: 'absent' as const, absent: e.absent + 1 }
    return { ...e }
  })
  const moved = (e: ModelEntry) => (e.name === winner ? 2 : marked.has(e.name) ? 1 : 0)
  const order = next
    .map((e, index) => ({ e, index }))
    .sort((a, b) => group(a.e) - group(b.e) || moved(a.e) - moved(b.e) || a.index - b.index)
  return { queue: order.map(({ e }) => e), passed }
}

// ---- Through the app ----

function asModel(view: QueueView): ModelEntry[] {
  return view.entries.map((e) => ({
    name: e.playerName,
    status: e.attendanceStatus,
    penalized: e.isPenalized,
    received: e.timesReceived,
    absent: e.timesAbsent,
  }))
}

const readQueue = async (q: QueueFixture) => call(q.member, 'GET', `/items/${q.item.id}/queue`)

/** A queue of `names` in a guild on a live trial, at the night's time, and a night running with `marks`. */
async function nightQueue(names: string[], marks: Record<string, NightAttendance>, rule: NoShowRule) {
  ctx.setNow(new Date(DURING_NIGHT.getTime() - 60_000))
  const q = await buildQueue(ctx, names)
  ctx.setNow(DURING_NIGHT)
  await setNoShowRule(ctx, q.guild.id, rule)
  const night = await scheduleNight(q.member)
  const byId = Object.fromEntries(
    Object.entries(marks).map(([name, mark]) => [q.players.find((p) => p.name === name)!.id, mark]),
  )
  if (Object.keys(byId).length > 0) await markPlayers(q.member, night.id, byId)
  return { q, night }
}

/** Awards `winner` through the API (the change answered is checked against a fresh read) and answers it. */
async function award(q: QueueFixture, winner: string, nightId?: string) {
  const view = await readQueue(q)
  const entry = view.entries.find((e) => e.playerName === winner)!
  const res = await q.member.request('POST', `/api/v1/queue-entries/${entry.id}/received`, {
    ...(nightId ? { raidNightId: nightId } : {}),
  })
  expect(res.status, await res.clone().text()).toBe(200)
  const change = (await res.json()) as QueueChange
  const after = await readQueue(q)
  // What a member's screen does with the answer (the whole queue, or the entries placed) gives the queue.
  expect(applyQueueChange(view, change)).toEqual(after)
  return { change, after }
}

const NAMES = ['Ana', 'Bruno', 'Caio', 'Duda', 'Edu', 'Fabi']

describe('an award during a raid night', () => {
  const cases: {
    title: string
    marks: Record<string, NightAttendance>
    rule: NoShowRule
    winner: string
  }[] = [
    {
      title: 'the first three pending are excused, bench and no-show; the guild keeps no-shows in place',
      marks: { Ana: 'excused', Bruno: 'bench', Caio: 'no_show', Duda: 'present' },
      rule: 'keep',
      winner: 'Duda',
    },
    {
      title: 'the first three pending are excused, bench and no-show; the guild marks no-shows absent',
      marks: { Ana: 'excused', Bruno: 'bench', Caio: 'no_show', Duda: 'present' },
      rule: 'absent',
      winner: 'Duda',
    },
    {
      title: 'late counts as present (not passed), an unmarked player too',
      marks: { Ana: 'late', Caio: 'no_show' },
      rule: 'absent',
      winner: 'Duda',
    },
    {
      title: 'two no-shows in a row are both marked absent, in their order, before the winner',
      marks: { Ana: 'no_show', Bruno: 'no_show', Caio: 'bench' },
      rule: 'absent',
      winner: 'Edu',
    },
    {
      title: 'the first in line, present: nobody is passed',
      marks: { Bruno: 'no_show' },
      rule: 'absent',
      winner: 'Ana',
    },
  ]

  for (const c of cases) {
    it(`${c.title}: as the model says, each pass written with its reason and undone with the award`, async () => {
      const { q, night } = await nightQueue(NAMES, c.marks, c.rule)
      const before = await readQueue(q)
      const expected = modelAward(asModel(before), c.winner, c.marks, c.rule)
      const { change, after } = await award(q, c.winner, night.id)

      expect(asModel(after)).toEqual(expected.queue)
      expect(
        (change.passed ?? []).map((p) => ({
          name: p.playerName,
          attendance: p.attendance,
          markedAbsent: p.markedAbsent,
        })),
      ).toEqual(expected.passed)
      // One activity row per pass, on the passed entry, linked to the night, its reason in the description.
      const rows = (await auditOf(ctx, q.guild.id)).filter((r) => r.actionType.startsWith('PLAYER_PASSED'))
      const written = rows.map((r) => [r.actionType, r.description, r.recordId, r.eventId].join(' | '))
      const wanted = expected.passed.map((p) =>
        [
          p.markedAbsent ? 'PLAYER_PASSED_ABSENT' : 'PLAYER_PASSED',
          `Espada Lendária · ${p.name} · Raid de quinta · ${p.attendance}`,
          before.entries.find((e) => e.playerName === p.name)!.id,
          night.id,
        ].join(' | '),
      )
      expect(written.toSorted()).toEqual(wanted.toSorted())
      const [history] = await ctx.database.db
        .select()
        .from(lootHistory)
        .where(eq(lootHistory.guildId, q.guild.id))
      expect(history!.eventId).toBe(night.id)

      await call(q.member, 'POST', `/items/${q.item.id}/queue/undo`)
      expect(asModel(await readQueue(q))).toEqual(asModel(before))
      expect(
        await ctx.database.db.select().from(lootHistory).where(eq(lootHistory.guildId, q.guild.id)),
      ).toEqual([])
    })
  }

  it('passes over received players too once everyone has had a turn (the rotation goes on)', async () => {
    const { q, night } = await nightQueue(['Ana', 'Bruno', 'Caio', 'Duda'], {}, 'absent')
    for (const name of ['Ana', 'Bruno', 'Caio', 'Duda']) await award(q, name)
    const ana = q.players.find((p) => p.name === 'Ana')!
    await markPlayers(q.member, night.id, { [ana.id]: 'no_show' })
    const before = await readQueue(q)
    expect(before.entries.map((e) => e.attendanceStatus)).toEqual([
      'received',
      'received',
      'received',
      'received',
    ])
    const expected = modelAward(asModel(before), 'Bruno', { Ana: 'no_show' }, 'absent')
    const { after } = await award(q, 'Bruno', night.id)
    expect(asModel(after)).toEqual(expected.queue)
    expect(asModel(after).map((e) => e.name)).toEqual(['Caio', 'Duda', 'Ana', 'Bruno'])
  })

  it('never passes over players who cannot receive: not interested, penalised, inactive', async () => {
    const marks: Record<string, NightAttendance> = { Ana: 'no_show', Bruno: 'no_show', Caio: 'no_show' }
    const { q, night } = await nightQueue(['Ana', 'Bruno', 'Caio', 'Duda'], marks, 'absent')
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/not-interested`)
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Bruno').id}/penalty`, {
      days: 2,
      note: 'late pull',
    })
    const before = await readQueue(q)
    const expected = modelAward(asModel(before), 'Duda', marks, 'absent')
    expect(expected.passed.map((p) => p.name)).toEqual(['Caio'])
    const { change, after } = await award(q, 'Duda', night.id)
    expect(asModel(after)).toEqual(expected.queue)
    expect(change.passed?.map((p) => p.playerName)).toEqual(['Caio'])
  })

  it("never passes over players below the item's minimum rank: they could not have received it", async () => {
    const marks: Record<string, NightAttendance> = { Ana: 'bench', Bruno: 'excused', Caio: 'bench' }
    const { q, night } = await nightQueue(['Ana', 'Bruno', 'Caio', 'Duda'], marks, 'absent')
    const admin = await buildMember(ctx, { guildId: q.guild.id, role: 'guild_admin' })
    const [raider, trial] = await createRanks(admin, ['Raider', 'Trial'])
    const idsOf = (names: string[]) => q.players.filter((p) => names.includes(p.name)).map((p) => p.id)
    await api(admin, 'PUT', '/players-rank', { playerIds: idsOf(['Ana', 'Bruno']), rankId: trial!.id })
    await api(admin, 'PUT', '/players-rank', { playerIds: idsOf(['Caio', 'Duda']), rankId: raider!.id })
    await api(admin, 'PATCH', `/items/${q.item.id}`, { minRankId: raider!.id })
    const { change, after } = await award(q, 'Duda', night.id)
    expect(change.passed?.map((p) => p.playerName)).toEqual(['Caio'])
    expect(after.entries.map((e) => e.playerName)).toEqual(['Ana', 'Bruno', 'Caio', 'Duda'])
    const logged = (await auditOf(ctx, q.guild.id)).filter((row) => row.actionType === 'PLAYER_PASSED')
    expect(logged.map((row) => row.recordId)).toEqual([q.entryOf('Caio').id])
  })

  it("shows each pass on the passed player's page: the night and the mark, the night alone publicly", async () => {
    const { q, night } = await nightQueue(NAMES, { Ana: 'excused', Bruno: 'no_show' }, 'absent')
    await award(q, 'Caio', night.id)
    const moveOf = async (name: string, standing?: PlayerStanding) => {
      const id = q.players.find((p) => p.name === name)!.id
      const page = standing ?? (await call<PlayerStanding>(q.member, 'GET', `/players/${id}/standing`))
      return page.moves.filter((m) => m.kind.startsWith('passed')).map((m) => [m.kind, m.itemName, m.pass])
    }
    expect(await moveOf('Ana')).toEqual([
      ['passed', 'Espada Lendária', { night: 'Raid de quinta', attendance: 'excused' }],
    ])
    expect(await moveOf('Bruno')).toEqual([
      ['passedAbsent', 'Espada Lendária', { night: 'Raid de quinta', attendance: 'no_show' }],
    ])
    expect(await moveOf('Duda')).toEqual([])

    // The public page says who was passed over, never why.
    const client = publicClient(ctx)
    const { cookie } = await client.enter(q.guild.slug, 'raid-night')
    const bruno = q.players.find((p) => p.name === 'Bruno')!
    const res = await client.call('GET', `${q.guild.slug}/players/${bruno.id}`, { cookie })
    expect(res.status).toBe(200)
    expect(await moveOf('Bruno', (await res.json()) as PlayerStanding)).toEqual([
      ['passedAbsent', 'Espada Lendária', { night: 'Raid de quinta', attendance: null }],
    ])

    // A pass that marked the player absent is an absence: with counters hidden it goes, as an absence does
    // (docs/decisions/019-public-visibility.md); a pass that kept the place stays (it explains the order).
    const admin = await buildMember(ctx, { guildId: q.guild.id, role: 'guild_admin' })
    await api(admin, 'PUT', '/guild/public-visibility', { ...DEFAULT_PUBLIC_VISIBILITY, showCounters: false })
    const publicMoves = async (name: string) => {
      const id = q.players.find((p) => p.name === name)!.id
      const page = await client.call('GET', `${q.guild.slug}/players/${id}`, { cookie })
      return moveOf(name, (await page.json()) as PlayerStanding)
    }
    expect(await publicMoves('Bruno')).toEqual([])
    expect(await publicMoves('Ana')).toEqual([
      ['passed', 'Espada Lendária', { night: 'Raid de quinta', attendance: null }],
    ])
  })

  it('outside a running night links nothing and passes nobody', async () => {
    const { q, night } = await nightQueue(NAMES, { Ana: 'no_show' }, 'absent')
    ctx.setNow(new Date('2026-12-11T02:00:00Z')) // the night's end (23:00 in São Paulo)
    const { change, after } = await award(q, 'Bruno')
    expect(change.passed).toBeUndefined()
    expect(after.entries[0]!.playerName).toBe('Ana')
    const [history] = await ctx.database.db
      .select()
      .from(lootHistory)
      .where(eq(lootHistory.guildId, q.guild.id))
    expect(history!.eventId).toBeNull()
    expect(night.runsUntil).toBe('2026-12-11T02:00:00.000Z')
  })

  it('is refused, changing nothing, when the night the member saw is no longer running', async () => {
    const { q, night } = await nightQueue(NAMES, { Ana: 'no_show' }, 'absent')
    await call(q.member, 'POST', `/raid-nights/${night.id}/status`, { action: 'complete' })
    const entry = q.entryOf('Bruno')
    const before = await storedEntries(ctx, q.item.id)
    await expectError(
      await q.member.request('POST', `/api/v1/queue-entries/${entry.id}/received`, { raidNightId: night.id }),
      409,
      'RAID_NIGHT_NOT_RUNNING',
    )
    expect(await storedEntries(ctx, q.item.id)).toEqual(before)
    expect(
      await ctx.database.db.select().from(lootHistory).where(eq(lootHistory.guildId, q.guild.id)),
    ).toEqual([])
  })

  it('follows the model for random queues, marks, rules and winners, and its undo restores everything', {
    timeout: 240_000,
  }, async () => {
    const statuses: AttendanceStatus[] = ['pending', 'received', 'absent', 'not_interested']
    const marksArb = fc.array(
      fc.constantFrom<NightAttendance | null>(null, 'present', 'late', 'bench', 'excused', 'no_show'),
      {
        minLength: 6,
        maxLength: 6,
      },
    )
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...statuses), { minLength: 6, maxLength: 6 }),
        marksArb,
        fc.constantFrom<NoShowRule>('keep', 'absent'),
        fc.nat(5),
        fc.nat(5),
        async (setup, markList, rule, pick, secondPick) => {
          const marks = Object.fromEntries(
            NAMES.flatMap((name, i) => (markList[i] ? [[name, markList[i]] as const] : [])),
          ) as Record<string, NightAttendance>
          const { q, night } = await nightQueue(NAMES, marks, rule)
          // Bring each entry to its status through the queue's own actions (outside the night's rules:
          // only awards apply them).
          for (const [i, status] of setup.entries()) {
            const entry = (await readQueue(q)).entries.find((e) => e.playerName === NAMES[i])!
            if (status === 'received') await award(q, NAMES[i]!)
            if (status === 'absent') await call(q.member, 'POST', `/queue-entries/${entry.id}/absent`)
            if (status === 'not_interested')
              await call(q.member, 'POST', `/queue-entries/${entry.id}/not-interested`)
          }
          const before = await readQueue(q)
          const candidates = before.entries.filter((e) => e.attendanceStatus !== 'not_interested')
          if (candidates.length === 0) return
          const winner = candidates[pick % candidates.length]!.playerName
          const expected = modelAward(asModel(before), winner, marks, rule)
          const { after } = await award(q, winner, night.id)
          expect(asModel(after)).toEqual(expected.queue)
          expect(await expectSortedSpanHolds(ctx, q.item.id)).toBe(true)
          await call(q.member, 'POST', `/items/${q.item.id}/queue/undo`)
          expect(asModel(await readQueue(q))).toEqual(asModel(before))

          // The same award again, then a second one in the same night: placed from the keys the first left.
          await award(q, winner, night.id)
          const between = await readQueue(q)
          const second = between.entries.filter((e) => e.attendanceStatus !== 'not_interested')
          const secondWinner = second[secondPick % second.length]!.playerName
          const expectedSecond = modelAward(asModel(between), secondWinner, marks, rule)
          expect(asModel((await award(q, secondWinner, night.id)).after)).toEqual(expectedSecond.queue)
          expect(await expectSortedSpanHolds(ctx, q.item.id)).toBe(true)
          await call(q.member, 'POST', `/items/${q.item.id}/queue/undo`)
          expect(asModel(await readQueue(q))).toEqual(asModel(between))
        },
      ),
      { numRuns: 15 },
    )
  })
})

describe('what an award during a night writes', () => {
  it('logs a kept place once per night and entry; another mark or another item logs it again', async () => {
    const { q, night } = await nightQueue(NAMES, { Ana: 'excused' }, 'keep')
    const passRows = async () =>
      (await auditOf(ctx, q.guild.id))
        .filter((r) => r.actionType === 'PLAYER_PASSED')
        .map((r) => r.description)
    const first = await award(q, 'Bruno', night.id)
    const second = await award(q, 'Caio', night.id)
    // Each award still answers whom it passed; the log says it once.
    expect([
      first.change.passed?.map((p) => p.playerName),
      second.change.passed?.map((p) => p.playerName),
    ]).toEqual([['Ana'], ['Ana']])
    expect(await passRows()).toEqual(['Espada Lendária · Ana · Raid de quinta · excused'])

    await markPlayers(q.member, night.id, { [q.players.find((p) => p.name === 'Ana')!.id]: 'bench' })
    await award(q, 'Duda', night.id)
    await award(q, 'Edu', night.id)
    expect(await passRows()).toEqual([
      'Espada Lendária · Ana · Raid de quinta · excused',
      'Espada Lendária · Ana · Raid de quinta · bench',
    ])
  })

  // An outside tester saw an award's passes listed before or after it at random: rows of one instant were
  // ordered by their random ids. The log (and its night's filter, and its CSV) lists the award, then its passes
  // in queue order (audit_logs.seq).
  it('is listed in the activity log as the award, then its passes in queue order', async () => {
    const marks = {
      Ana: 'excused',
      Bruno: 'no_show',
      Caio: 'bench',
      Duda: 'excused',
      Edu: 'no_show',
    } as const
    const { q, night } = await nightQueue([...NAMES, 'Gabi'], marks, 'absent')
    tick(ctx)
    await award(q, 'Fabi', night.id)
    const pass = (name: keyof typeof marks) =>
      `${marks[name] === 'no_show' ? 'PLAYER_PASSED_ABSENT' : 'PLAYER_PASSED'} Espada Lendária · ${name} · Raid de quinta · ${marks[name]}`
    const expected = [
      'ITEM_RECEIVED Espada Lendária → Fabi (#6)',
      pass('Ana'),
      pass('Bruno'),
      pass('Caio'),
      pass('Duda'),
      pass('Edu'),
    ]
    for (const query of ['', `?eventId=${night.id}`]) {
      const page = await api<ActivityPage>(q.member, 'GET', `/history/activity${query}`)
      expect(
        page.rows.slice(0, 6).map((r) => `${r.actionType} ${r.description}`),
        query,
      ).toEqual(expected)
    }
    // The CSV export's batches too: each line's action code and record (the entry), newest first.
    const admin = await buildMember(ctx, { guildId: q.guild.id, role: 'guild_admin' })
    const res = await admin.request('GET', '/api/v1/history/activity.csv')
    expect(res.status).toBe(200)
    const lines = (await res.text()).split('\r\n').slice(1, 7)
    const codeAndEntry = /(ITEM_RECEIVED|PLAYER_PASSED_ABSENT|PLAYER_PASSED)\b.*(?:;|,)([0-9a-f-]{36})(?:;|,)/
    expect(lines.map((line) => codeAndEntry.exec(line)?.slice(1))).toEqual(
      (['Fabi', 'Ana', 'Bruno', 'Caio', 'Duda', 'Edu'] as const).map((name) => [
        name === 'Fabi' ? 'ITEM_RECEIVED' : pass(name).split(' ')[0],
        q.entryOf(name).id,
      ]),
    )
  })

  it('logs every absence a no-show is marked, one per award that passes them', async () => {
    const { q, night } = await nightQueue(['Ana', 'Bruno', 'Caio'], { Ana: 'no_show' }, 'absent')
    await award(q, 'Bruno', night.id)
    await award(q, 'Caio', night.id)
    // The rotation goes on: Ana (absent) is ahead of Bruno (received) now, and is passed again.
    await award(q, 'Bruno', night.id)
    const rows = (await auditOf(ctx, q.guild.id)).filter((r) => r.actionType === 'PLAYER_PASSED_ABSENT')
    expect(rows).toHaveLength(2)
    const [ana] = await ctx.database.db
      .select()
      .from(playerQueues)
      .where(eq(playerQueues.id, q.entryOf('Ana').id))
    expect(ana!.timesAbsent).toBe(2)
  })

  it('moves only the absentees and the winner when it marks no-shows absent: the other keys stay', async () => {
    const { q, night } = await nightQueue(NAMES, { Ana: 'no_show', Caio: 'no_show' }, 'absent')
    const keysOf = async () =>
      new Map(
        (await ctx.database.db.select().from(playerQueues).where(eq(playerQueues.itemId, q.item.id))).map(
          (r) => [r.playerId, r.queuePosition],
        ),
      )
    const before = await keysOf()
    const { change } = await award(q, 'Duda', night.id)
    const after = await keysOf()
    const moved = q.players.filter((p) => after.get(p.id) !== before.get(p.id)).map((p) => p.name)
    expect(moved.toSorted()).toEqual(['Ana', 'Caio', 'Duda'])
    // The answer places those three (absent, absent, received), each after the one before: not the queue.
    expect(change.queue).toBeNull()
    expect(change.placed.map((p) => [p.entry.playerName, p.entry.attendanceStatus, p.after])).toEqual([
      ['Ana', 'absent', q.entryOf('Fabi').id],
      ['Caio', 'absent', q.entryOf('Ana').id],
      ['Duda', 'received', q.entryOf('Caio').id],
    ])
    expect(await expectSortedSpanHolds(ctx, q.item.id)).toBe(true)
  })
})

describe('an award undone', () => {
  /** The guild's activity log as the dashboard lists it (one page): action, description, marked undone. */
  async function activity(q: QueueFixture) {
    const page = await api<ActivityPage>(q.member, 'GET', '/history/activity')
    // Oldest first; rows of one action share its time, so they are put in a fixed order (by type and text).
    const key = (r: ActivityPage['rows'][number]) => `${r.createdAt}|${r.actionType}|${r.description}`
    return page.rows
      .toSorted((a, b) => (key(a) < key(b) ? -1 : 1))
      .map((r) => [r.actionType, r.description, r.undone] as const)
  }
  const undo = (q: QueueFixture) => call(q.member, 'POST', `/items/${q.item.id}/queue/undo`)
  const pass = (name: string, mark: NightAttendance) => `Espada Lendária · ${name} · Raid de quinta · ${mark}`

  it('marks its passes undone in the activity log, as it marks the award itself', async () => {
    const { q, night } = await nightQueue(NAMES, { Ana: 'excused', Bruno: 'no_show' }, 'absent')
    tick(ctx)
    await award(q, 'Caio', night.id)
    tick(ctx)
    await undo(q)
    const log = await activity(q)
    // Before the award: the queue, the night and its marks, none of them undone.
    expect(log.slice(0, -4).every(([, , undone]) => !undone)).toBe(true)
    expect(log.slice(-4)).toEqual([
      ['ITEM_RECEIVED', 'Espada Lendária → Caio (#3)', true],
      ['PLAYER_PASSED_ABSENT', pass('Bruno', 'no_show'), true],
      ['PLAYER_PASSED', pass('Ana', 'excused'), true],
      // The undo's own row says what it took back; it is not itself undone.
      ['QUEUE_UNDO', 'Espada Lendária · Caio · ITEM_RECEIVED', false],
    ])
  })

  it("shows the undone award's passes as undone on the passed players' pages", async () => {
    const { q, night } = await nightQueue(NAMES, { Ana: 'excused', Bruno: 'no_show' }, 'absent')
    tick(ctx)
    await award(q, 'Caio', night.id)
    const passesOf = async (name: string) => {
      const id = q.players.find((p) => p.name === name)!.id
      const page = await call<PlayerStanding>(q.member, 'GET', `/players/${id}/standing`)
      return page.moves.filter((m) => m.kind.startsWith('passed')).map((m) => [m.kind, m.undone])
    }
    expect(await passesOf('Ana')).toEqual([['passed', false]])
    expect(await passesOf('Bruno')).toEqual([['passedAbsent', false]])
    tick(ctx)
    await undo(q)
    expect(await passesOf('Ana')).toEqual([['passed', true]])
    expect(await passesOf('Bruno')).toEqual([['passedAbsent', true]])
  })

  it('lets the next award that night log the kept place again, once', async () => {
    const { q, night } = await nightQueue(NAMES, { Ana: 'excused' }, 'keep')
    tick(ctx)
    await award(q, 'Bruno', night.id)
    tick(ctx)
    await undo(q)
    tick(ctx)
    await award(q, 'Caio', night.id)
    tick(ctx)
    await award(q, 'Duda', night.id)
    const passes = (await activity(q)).filter(([type]) => type === 'PLAYER_PASSED')
    // The undone award's row, then the one the award after it logged: the log says Ana was passed tonight
    // by an award that stands; the award after that adds no identical row.
    expect(passes).toEqual([
      ['PLAYER_PASSED', pass('Ana', 'excused'), true],
      ['PLAYER_PASSED', pass('Ana', 'excused'), false],
    ])
  })

  it('marks only its own rows: not an award of another item at the same instant', async () => {
    const { q, night } = await nightQueue(NAMES, { Ana: 'bench' }, 'keep')
    const shield = await buildItem(ctx, q.guild.id, { name: 'Escudo' })
    const { queue } = await call<{ queue: QueueView }>(q.member, 'POST', `/items/${shield.id}/queue/add-all`)
    tick(ctx)
    await award(q, 'Caio', night.id)
    // The same second: the two awards' rows share their time and differ by their item.
    const caio = queue.entries.find((e) => e.playerName === 'Caio')!
    await call(q.member, 'POST', `/queue-entries/${caio.id}/received`, { raidNightId: night.id })
    tick(ctx)
    await undo(q)
    const awards = (await activity(q)).filter(
      ([type]) => type === 'ITEM_RECEIVED' || type === 'PLAYER_PASSED',
    )
    expect(awards).toEqual([
      ['ITEM_RECEIVED', 'Escudo → Caio (#3)', false],
      ['ITEM_RECEIVED', 'Espada Lendária → Caio (#3)', true],
      ['PLAYER_PASSED', 'Escudo · Ana · Raid de quinta · bench', false],
      ['PLAYER_PASSED', pass('Ana', 'bench'), true],
    ])
  })
})

describe('marks on entries in storage', () => {
  it('keeps the passed players’ counters: a kept place adds nothing, an absence one', async () => {
    const { q, night } = await nightQueue(
      ['Ana', 'Bruno', 'Caio'],
      { Ana: 'bench', Bruno: 'no_show' },
      'absent',
    )
    await award(q, 'Caio', night.id)
    const rows = await ctx.database.db.select().from(playerQueues).where(eq(playerQueues.itemId, q.item.id))
    const byName = (name: string) =>
      rows.find((r) => r.playerId === q.players.find((p) => p.name === name)!.id)!
    expect([byName('Ana').timesAbsent, byName('Bruno').timesAbsent, byName('Caio').timesReceived]).toEqual([
      0, 1, 1,
    ])
  })
})
