import fc from 'fast-check'
import { expect, it } from 'vitest'
import { applyQueueChange } from '../../../contract/queue-change'
import { buildPlayer } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { auditActions, buildQueue, historyRows, type QueueFixture, storedEntries } from './queue.test-support'

// Random sequences of queue operations on one item, through the HTTP app. After every step:
// positions are exactly 1..n, counters grow only by the operation's amount, a receipt writes exactly one
// history row, every write exactly one audit row, a refused request changes nothing, and nothing is a 500.
// The queue after each rule action, reorder and removal is checked against the test's own model of the
// rule (below), written from the product's rule (docs/decisions/001-queue-ordering.md) and independent
// of queue-order.ts.

const ctx = await fileTestContext()

type Op =
  | { kind: 'received' | 'absent' | 'notInterested' | 'removePenalty' | 'remove'; pick: number }
  | { kind: 'penalty'; pick: number; days: number }
  | { kind: 'add'; pick: number }
  | { kind: 'addAll' }
  | { kind: 'reorder'; keys: number[]; broken: boolean }
  | { kind: 'undo' }
  | { kind: 'toggleActive'; pick: number }
  | { kind: 'advance'; minutes: number }

const pick = fc.nat(1000)
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('received' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('absent' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('notInterested' as const), pick }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('penalty' as const),
      pick,
      days: fc.integer({ min: 0, max: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('removePenalty' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('add' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('addAll' as const) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('reorder' as const),
      keys: fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
      broken: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('undo' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('toggleActive' as const), pick }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      minutes: fc.integer({ min: 1, max: 3 * 24 * 60 }),
    }),
  },
)

type Entry = Awaited<ReturnType<typeof storedEntries>>[number] & { active: boolean }
type State = { entries: Entry[]; history: number; audit: number }
const RULE_OPS = new Set(['received', 'absent', 'notInterested', 'penalty', 'removePenalty'])

// ---- The oracle: the product's ordering rule, modelled here without the product's functions. ----
// "Ordering after received, absent, not-interested toggle, penalty set or removed: the acted-on entry goes
// to the end of its group; groups in order: (1) pending without active penalty, (2) other non-pending whose
// penalty lapsed or never existed, (3) actively penalised, (4) not_interested. Stable inside a group."
// A not-interested player with a live penalty is in group 4 (docs/decisions/001-queue-ordering.md).

const GROUPS_IN_ORDER: ((e: Entry, now: Date) => boolean)[] = [
  (e, now) => e.attendanceStatus === 'pending' && !penaltyIsLive(e, now),
  (e, now) =>
    e.attendanceStatus !== 'pending' && e.attendanceStatus !== 'not_interested' && !penaltyIsLive(e, now),
  (e, now) => e.attendanceStatus !== 'not_interested' && penaltyIsLive(e, now),
  (e) => e.attendanceStatus === 'not_interested',
]

function penaltyIsLive(e: Entry, now: Date): boolean {
  return e.penaltyUntil !== null && e.penaltyUntil.getTime() > now.getTime()
}

/** The acted-on entry's own fields after the action. */
function modelFields(e: Entry, op: Op, now: Date): Entry {
  switch (op.kind) {
    case 'received':
      return { ...e, attendanceStatus: 'received', timesReceived: e.timesReceived + 1 }
    case 'absent':
      return { ...e, attendanceStatus: 'absent', timesAbsent: e.timesAbsent + 1 }
    case 'notInterested':
      return {
        ...e,
        attendanceStatus: e.attendanceStatus === 'not_interested' ? 'pending' : 'not_interested',
      }
    case 'penalty':
      return { ...e, penaltyUntil: new Date(now.getTime() + op.days * 86_400_000), penaltyNote: 'random' }
    case 'removePenalty':
      return { ...e, penaltyUntil: null, penaltyNote: null }
    default:
      throw new Error(`${op.kind} is not a rule action`)
  }
}

const numbered = (entries: Entry[]) => entries.map((e, i) => ({ ...e, queuePosition: i + 1 }))

/** The whole queue after a rule action: group by group, the acted-on entry closing its own group. */
function modelRuleAction(before: Entry[], targetId: string, op: Op, now: Date): Entry[] {
  const changed = before.map((e) => (e.id === targetId ? modelFields(e, op, now) : e))
  const acted = changed.find((e) => e.id === targetId)!
  const result: Entry[] = []
  for (const inGroup of GROUPS_IN_ORDER) {
    result.push(...changed.filter((e) => e.id !== targetId && inGroup(e, now)))
    if (inGroup(acted, now)) result.push(acted)
  }
  return numbered(result)
}

/** A reorder: the shown entries take the shown slots in the order asked; hidden ones keep their slots. */
function modelReorder(before: Entry[], requested: string[]): Entry[] {
  const byId = new Map(before.map((e) => [e.id, e]))
  let next = 0
  return numbered(before.map((e) => (e.active ? byId.get(requested[next++]!)! : e)))
}

async function observe(q: QueueFixture, activeById: Map<string, boolean>): Promise<State> {
  const rows = await storedEntries(ctx, q.item.id)
  return {
    entries: rows.map(
      ({ updatedAt: _, ...e }) => ({ ...e, active: activeById.get(e.playerId) ?? false }) as Entry,
    ),
    history: (await historyRows(ctx, q.guild.id)).length,
    audit: (await auditActions(ctx, q.guild.id)).length,
  }
}

/**
 * Always run besides the random ones: the corners of the rule that random sequences rarely reach. `pick`
 * is an index into the shown queue at that step (Ana, Bruno, Caio, Duda, Eva at the start).
 */
const RULE_CORNERS: [Op[]][] = [
  // A not-interested player with a live penalty stays below the penalised ones (group 4, not 3).
  [
    [
      { kind: 'penalty', pick: 0, days: 1 },
      { kind: 'notInterested', pick: 4 },
      { kind: 'penalty', pick: 0, days: 1 },
      { kind: 'received', pick: 0 },
    ],
  ],
  // A lapsed penalty counts as none: pending goes back to group 1, absent to group 2.
  [
    [
      { kind: 'penalty', pick: 0, days: 1 },
      { kind: 'absent', pick: 0 },
      { kind: 'penalty', pick: 3, days: 1 },
      { kind: 'advance', minutes: 24 * 60 + 1 },
      { kind: 'received', pick: 0 },
      { kind: 'absent', pick: 1 },
    ],
  ],
  // The shown position a receipt records is counted from the item's low key (migration 0012): receipts
  // at the head raise it; an undo, a reorder, an added entry and a hidden player each change what lies
  // below or before it.
  [
    [
      { kind: 'received', pick: 0 },
      { kind: 'received', pick: 0 },
      { kind: 'undo' },
      { kind: 'received', pick: 1 },
      { kind: 'reorder', keys: [7, 6, 5, 4, 3, 2, 1, 0], broken: false },
      { kind: 'received', pick: 0 },
      { kind: 'toggleActive', pick: 1 },
      { kind: 'received', pick: 2 },
      { kind: 'add', pick: 5 },
      { kind: 'notInterested', pick: 0 },
      { kind: 'notInterested', pick: 4 },
      { kind: 'received', pick: 0 },
    ],
  ],
  // A queue emptied and filled again: the new entries' keys are below the low key the receipts had raised.
  [
    [
      { kind: 'received', pick: 0 },
      { kind: 'received', pick: 0 },
      ...Array.from({ length: 5 }, () => ({ kind: 'remove' as const, pick: 0 })),
      { kind: 'add', pick: 0 },
      { kind: 'add', pick: 2 },
      { kind: 'received', pick: 1 },
    ],
  ],
]

it('keeps every queue invariant under random operation sequences', { timeout: 600_000 }, async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 18 }), async (ops) => {
      let now = new Date('2025-01-01T20:00:00Z')
      ctx.setNow(now)
      const q = await buildQueue(ctx, ['Ana', 'Bruno', 'Caio', 'Duda', 'Eva'])
      const spare = [
        await buildPlayer(ctx, q.guild.id, { name: 'Fábio' }),
        await buildPlayer(ctx, q.guild.id, { name: 'Gil', playerStatus: 'inactive' }),
      ]
      const activeById = new Map([...q.players, ...spare].map((p) => [p.id, p.playerStatus !== 'inactive']))
      // The model of undo: the state before the last queue write, and when it happened.
      let undoable: { before: State; at: Date; received: boolean } | null = {
        before: { entries: [], history: 0, audit: 0 },
        at: now,
        received: false,
      }
      let state = await observe(q, activeById)

      for (const op of ops) {
        // The queue as a member's screen holds it before the request: a write answers what it changed.
        const seen = await (await q.member.request('GET', `/api/v1/items/${q.item.id}/queue`)).json()
        const shown = state.entries.filter((e) => e.active)
        const target =
          shown.length > 0 && 'pick' in op && op.kind !== 'add' ? shown[op.pick % shown.length] : undefined
        let res: Response | undefined
        let expectedError: string | undefined
        let wrote = true
        let orderChanged = true
        let reorderedIds: string[] = []
        const historyBefore = new Set((await historyRows(ctx, q.guild.id)).map((h) => h.id))
        switch (op.kind) {
          case 'advance':
            now = new Date(now.getTime() + op.minutes * 60_000)
            ctx.setNow(now)
            continue
          case 'toggleActive': {
            const player = [...q.players, ...spare][op.pick % (q.players.length + spare.length)]!
            const active = !activeById.get(player.id)
            res = await q.member.request('PATCH', `/api/v1/players/${player.id}`, {
              playerStatus: active ? 'active' : 'inactive',
            })
            expect(res.status).toBe(200)
            activeById.set(player.id, active)
            const after = await observe(q, activeById)
            expect(after.audit).toBe(state.audit + 1)
            expect(after.entries.map(({ active: _, ...e }) => e)).toEqual(
              state.entries.map(({ active: _, ...e }) => e),
            )
            state = after
            continue
          }
          case 'received':
          case 'absent':
          case 'notInterested':
          case 'removePenalty':
          case 'remove':
          case 'penalty': {
            if (!target) continue
            const path = {
              received: ['POST', 'received'],
              absent: ['POST', 'absent'],
              notInterested: ['POST', 'not-interested'],
              removePenalty: ['DELETE', 'penalty'],
              remove: ['DELETE', ''],
              penalty: ['POST', 'penalty'],
            }[op.kind]
            const body = op.kind === 'penalty' ? { days: op.days, note: 'random' } : undefined
            res = await q.member.request(
              path[0]!,
              `/api/v1/queue-entries/${target.id}${path[1] ? `/${path[1]}` : ''}`,
              body,
            )
            if (
              (op.kind === 'received' || op.kind === 'absent') &&
              target.attendanceStatus === 'not_interested'
            )
              expectedError = 'NOT_INTERESTED_ENTRY'
            if (op.kind === 'penalty' && op.days < 1) expectedError = 'VALIDATION_FAILED'
            if (op.kind === 'removePenalty' && target.penaltyUntil === null) expectedError = 'NO_PENALTY'
            break
          }
          case 'add': {
            const candidates = [...q.players, ...spare].filter(
              (p) => !state.entries.some((e) => e.playerId === p.id),
            )
            const all = [...q.players, ...spare]
            const player =
              candidates.length > 0 && op.pick % 2 === 0
                ? candidates[op.pick % candidates.length]!
                : all[op.pick % all.length]!
            res = await q.member.request('POST', `/api/v1/items/${q.item.id}/queue`, { playerId: player.id })
            const queued = state.entries.find((e) => e.playerId === player.id)
            if (!activeById.get(player.id)) expectedError = 'PLAYER_INACTIVE'
            else if (queued) expectedError = 'ALREADY_IN_QUEUE'
            break
          }
          case 'addAll': {
            res = await q.member.request('POST', `/api/v1/items/${q.item.id}/queue/add-all`)
            const missing = [...activeById].filter(
              ([id, active]) => active && !state.entries.some((e) => e.playerId === id),
            )
            wrote = missing.length > 0
            if (res.status === 200) expect((await res.clone().json()).added).toBe(missing.length)
            break
          }
          case 'reorder': {
            const ids = shown
              .map((e, i) => ({ id: e.id, key: op.keys[i % op.keys.length]! + i / 100 }))
              .sort((a, b) => a.key - b.key)
              .map((e) => e.id)
            const entryIds = op.broken ? ids.slice(1) : ids
            reorderedIds = ids
            res = await q.member.request('PUT', `/api/v1/items/${q.item.id}/queue/order`, { entryIds })
            if (op.broken && shown.length > 0) expectedError = 'ORDER_MISMATCH'
            orderChanged = !ids.every((id, i) => id === shown[i]!.id)
            wrote = orderChanged
            break
          }
          case 'undo': {
            res = await q.member.request('POST', `/api/v1/items/${q.item.id}/queue/undo`)
            if (!undoable) expectedError = 'NOTHING_TO_UNDO'
            else if (now.getTime() >= undoable.at.getTime() + 10 * 60_000) expectedError = 'UNDO_EXPIRED'
            break
          }
        }
        if (!res) continue
        expect(res.status, `${op.kind}: ${await res.clone().text()}`).toBeLessThan(500)
        const after = await observe(q, activeById)

        if (expectedError) {
          expect((await res.json()).error.code, op.kind).toBe(expectedError)
          expect(after).toEqual(state)
          continue
        }
        expect(res.status, `${op.kind}: ${await res.clone().text()}`).toBeLessThan(300)

        // The answer leads to the queue as a fresh read shows it.
        const answer = await res.clone().json()
        const fresh = await (await q.member.request('GET', `/api/v1/items/${q.item.id}/queue`)).json()
        expect(applyQueueChange(seen, op.kind === 'addAll' ? answer.change : answer), op.kind).toEqual(fresh)

        // Positions 1..n over every entry, hidden ones included.
        expect(after.entries.map((e) => e.queuePosition)).toEqual(after.entries.map((_, i) => i + 1))
        // Exactly one audit row per write, none for a request that changed nothing.
        expect(after.audit - state.audit, op.kind).toBe(wrote ? 1 : 0)

        if (op.kind === 'undo') {
          expect(after.entries).toEqual(
            undoable!.before.entries.map((e) => ({ ...e, active: activeById.get(e.playerId) })),
          )
          expect(after.history).toBe(state.history - (undoable!.received ? 1 : 0))
          undoable = null
        } else {
          // Counters: only the acted-on entry's, only by one, only for received/absent.
          const before = new Map(state.entries.map((e) => [e.id, e]))
          for (const e of after.entries) {
            const b = before.get(e.id)
            if (!b) {
              expect([e.timesReceived, e.timesAbsent, e.attendanceStatus]).toEqual([0, 0, 'pending'])
              continue
            }
            const acted = e.id === target?.id
            expect(e.timesReceived).toBe(b.timesReceived + (acted && op.kind === 'received' ? 1 : 0))
            expect(e.timesAbsent).toBe(b.timesAbsent + (acted && op.kind === 'absent' ? 1 : 0))
          }
          expect(after.history).toBe(state.history + (op.kind === 'received' ? 1 : 0))
          if (op.kind === 'received') {
            // The history keeps the position the member saw the entry at.
            const added = (await historyRows(ctx, q.guild.id)).filter((h) => !historyBefore.has(h.id))
            expect(added.map((h) => h.previousQueuePosition)).toEqual([shown.indexOf(target!) + 1])
          }
          if (wrote) undoable = { before: state, at: now, received: op.kind === 'received' }
        }

        // The oracle: every entry, in order, with its fields, as the model says.
        if (RULE_OPS.has(op.kind) && target) {
          expect(after.entries, op.kind).toEqual(modelRuleAction(state.entries, target.id, op, now))
        }
        if (op.kind === 'reorder' && orderChanged) {
          expect(after.entries, op.kind).toEqual(modelReorder(state.entries, reorderedIds))
        }
        if (op.kind === 'remove' && target) {
          expect(after.entries, op.kind).toEqual(numbered(state.entries.filter((e) => e.id !== target.id)))
        }
        state = after
      }
    }),
    { numRuns: 20, examples: RULE_CORNERS },
  )
  ctx.setNow(null as unknown as Date)
})
