import { and, eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { applyQueueChange } from '../../../contract/queue-change'
import type { QueueChange, QueueView } from '../../../contract/queues'
import { auditLogs } from '../../db/schema'
import { buildItem, buildMember } from '../../test/factories'
import { ENGINE, fileTestContext, type TestContext } from '../../test/harness'
import { buildQueue, expectSortedSpanHolds, historyRows, storedEntries } from './queue.test-support'

// PostgreSQL only: PGlite has one connection and runs one transaction at a time, so nothing there can
// interleave; on PostgreSQL the item lock is what keeps concurrent queue writes apart.
const CLIENTS = 20
const DURATION_MS = 4000
// On a slow, shared machine the clients keep going past the duration until this much has happened.
const MIN_REQUESTS = 200

// PGlite runs none of these tests, so it opens no database for them.
const ctx = ENGINE === 'postgres' ? await fileTestContext() : (undefined as unknown as TestContext)
afterEach(() => ctx?.setNow(null as unknown as Date))

type Outcome = { op: string; status: number; code?: string }

describe.skipIf(ENGINE !== 'postgres')(
  'queue writes under concurrency (PostgreSQL only: PGlite runs one transaction at a time)',
  () => {
    it(`${CLIENTS} clients acting on one item for ${DURATION_MS / 1000}s keep every invariant and never get a 500`, {
      timeout: 120_000,
    }, async () => {
      const names = Array.from({ length: 12 }, (_, i) => `Player ${String(i).padStart(2, '0')}`)
      const q = await buildQueue(ctx, names)
      // Past the undo window of the fixture's add-all: an undo must never empty the queue here.
      ctx.setNow(new Date(Date.now() + 11 * 60_000))
      const members = [
        q.member,
        ...(await Promise.all([1, 2, 3].map(() => buildMember(ctx, { guildId: q.guild.id })))),
      ]
      const outcomes: Outcome[] = []
      const deadline = Date.now() + DURATION_MS
      const random = (n: number) => Math.floor(Math.random() * n)

      async function client(index: number) {
        const member = members[index % members.length]!
        let view: QueueView = q.queue
        while (Date.now() < deadline || outcomes.length < MIN_REQUESTS) {
          const entry = view.entries[random(view.entries.length)]
          const op = [
            'received',
            'received',
            'absent',
            'not-interested',
            'penalty',
            'unpenalty',
            'reorder',
            'undo',
            'read',
          ][random(9)]!
          let res: Response
          const read = op === 'read' || !entry
          if (read) res = await member.request('GET', `/api/v1/items/${q.item.id}/queue`)
          else if (op === 'penalty')
            res = await member.request('POST', `/api/v1/queue-entries/${entry.id}/penalty`, {
              days: 1 + random(3),
              note: 'c',
            })
          else if (op === 'unpenalty')
            res = await member.request('DELETE', `/api/v1/queue-entries/${entry.id}/penalty`)
          else if (op === 'reorder') {
            const entryIds = view.entries.map((e) => e.id).reverse()
            res = await member.request('PUT', `/api/v1/items/${q.item.id}/queue/order`, { entryIds })
          } else if (op === 'undo')
            res = await member.request('POST', `/api/v1/items/${q.item.id}/queue/undo`)
          else res = await member.request('POST', `/api/v1/queue-entries/${entry.id}/${op}`)
          const body = await res.json()
          outcomes.push({ op, status: res.status, code: body?.error?.code })
          // A write answers what it changed; a screen that missed another write reads the queue again.
          const next = read
            ? (body as QueueView)
            : res.status < 300
              ? applyQueueChange(view, body as QueueChange)
              : null
          view =
            next ??
            ((await (await member.request('GET', `/api/v1/items/${q.item.id}/queue`)).json()) as QueueView)
        }
      }

      // Meanwhile, every committed state must be numbered 1..n, and its sorted span must hold.
      let sampled = 0
      let spans = 0
      async function sampler() {
        while (Date.now() < deadline || outcomes.length < MIN_REQUESTS) {
          const positions = (await storedEntries(ctx, q.item.id)).map((e) => e.queuePosition)
          expect(positions).toEqual(positions.map((_, i) => i + 1))
          if (await expectSortedSpanHolds(ctx, q.item.id)) spans++
          sampled++
          await new Promise((r) => setTimeout(r, 25))
        }
      }

      await Promise.all([...Array.from({ length: CLIENTS }, (_, i) => client(i)), sampler()])

      expect(outcomes.filter((o) => o.status >= 500)).toEqual([])
      // Only the refusals the rules allow (a stale view acts on a now not-interested entry, no penalty, a
      // reorder built from an old order, an undo already taken, an undo of the fixture's expired add-all).
      const codes = new Set(outcomes.filter((o) => o.status >= 400).map((o) => o.code))
      for (const code of codes)
        expect([
          'NOT_INTERESTED_ENTRY',
          'NO_PENALTY',
          'ORDER_MISMATCH',
          'NOTHING_TO_UNDO',
          'UNDO_EXPIRED',
        ]).toContain(code)

      const ok = (op: string) => outcomes.filter((o) => o.op === op && o.status < 300).length
      const audit = await ctx.database.db
        .select({ actionType: auditLogs.actionType, description: auditLogs.description })
        .from(auditLogs)
        .where(and(eq(auditLogs.guildId, q.guild.id)))
      const count = (type: string) => audit.filter((a) => a.actionType === type).length
      const undone = (type: string) =>
        audit.filter((a) => a.actionType === 'QUEUE_UNDO' && a.description.endsWith(type)).length

      // One audit row per write.
      expect(count('ITEM_RECEIVED')).toBe(ok('received'))
      expect(count('PLAYER_ABSENT')).toBe(ok('absent'))
      expect(count('PLAYER_NOT_INTERESTED') + count('PLAYER_INTERESTED')).toBe(ok('not-interested'))
      expect(count('PLAYER_PENALIZED')).toBe(ok('penalty'))
      expect(count('PLAYER_PENALTY_REMOVED')).toBe(ok('unpenalty'))
      expect(count('QUEUE_UNDO')).toBe(ok('undo'))
      expect(count('QUEUE_REORDER')).toBeLessThanOrEqual(ok('reorder')) // the same order again writes nothing

      // History and counters agree with the receipts and absences that were not undone.
      const history = await historyRows(ctx, q.guild.id)
      expect(history).toHaveLength(ok('received') - undone('ITEM_RECEIVED'))
      const entries = await storedEntries(ctx, q.item.id)
      expect(entries.map((e) => e.queuePosition)).toEqual(entries.map((_, i) => i + 1))
      expect(entries).toHaveLength(names.length)
      const sum = (f: (e: (typeof entries)[number]) => number) => entries.reduce((s, e) => s + f(e), 0)
      expect(sum((e) => e.timesReceived)).toBe(ok('received') - undone('ITEM_RECEIVED'))
      expect(sum((e) => e.timesAbsent)).toBe(ok('absent') - undone('PLAYER_ABSENT'))

      // Enough happened to mean something.
      expect(outcomes.length).toBeGreaterThanOrEqual(MIN_REQUESTS)
      expect(ok('received')).toBeGreaterThan(5)
      expect(sampled).toBeGreaterThan(10)
      expect(spans).toBeGreaterThan(0)
    })

    it('players deleted while queue actions run on their items: no 500, every queue stays 1..n', {
      timeout: 120_000,
    }, async () => {
      const names = Array.from({ length: 10 }, (_, i) => `Member ${String(i).padStart(2, '0')}`)
      const q = await buildQueue(ctx, names)
      const others = [await buildItem(ctx, q.guild.id), await buildItem(ctx, q.guild.id)]
      for (const item of others) await q.member.request('POST', `/api/v1/items/${item.id}/queue/add-all`)
      const itemIds = [q.item.id, ...others.map((i) => i.id)]
      const statuses: number[] = []
      const codes = new Set<string>()
      let deleting = true
      const random = (n: number) => Math.floor(Math.random() * n)

      async function client() {
        while (deleting) {
          const itemId = itemIds[random(itemIds.length)]!
          const view = (await (
            await q.member.request('GET', `/api/v1/items/${itemId}/queue`)
          ).json()) as QueueView
          const entry = view.entries[random(view.entries.length)]
          const op = random(4)
          const res = !entry
            ? await q.member.request('POST', `/api/v1/items/${itemId}/queue/add-all`)
            : op === 0
              ? await q.member.request('POST', `/api/v1/queue-entries/${entry.id}/received`)
              : op === 1
                ? await q.member.request('DELETE', `/api/v1/queue-entries/${entry.id}`)
                : op === 2
                  ? await q.member.request('POST', `/api/v1/items/${itemId}/queue/add-all`)
                  : await q.member.request('PUT', `/api/v1/items/${itemId}/queue/order`, {
                      entryIds: view.entries.map((e) => e.id).reverse(),
                    })
          statuses.push(res.status)
          if (res.status >= 400) codes.add((await res.json()).error.code)
        }
      }

      async function deleter() {
        for (const player of q.players.slice(0, 6)) {
          await new Promise((r) => setTimeout(r, 150))
          const res = await q.member.request('DELETE', `/api/v1/players/${player.id}`)
          statuses.push(res.status)
          expect(res.status).toBe(204)
        }
        deleting = false
      }

      await Promise.all([...Array.from({ length: 12 }, () => client()), deleter()])

      expect(statuses.filter((s) => s >= 500)).toEqual([])
      for (const code of codes) expect(['NOT_FOUND', 'ORDER_MISMATCH']).toContain(code)
      const deleted = new Set(q.players.slice(0, 6).map((p) => p.id))
      for (const itemId of itemIds) {
        const entries = await storedEntries(ctx, itemId)
        expect(entries.map((e) => e.queuePosition)).toEqual(entries.map((_, i) => i + 1))
        expect(entries.some((e) => deleted.has(e.playerId))).toBe(false)
      }
      expect(statuses.length).toBeGreaterThan(50)
    })
  },
)
