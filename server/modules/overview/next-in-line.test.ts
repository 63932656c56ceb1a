import { afterEach, describe, expect, it } from 'vitest'
import { nextInLine } from '../../../contract/next-in-line'
import type { Overview } from '../../../contract/overview'
import type { PlayerStanding } from '../../../contract/player-standing'
import type { QueueView } from '../../../contract/queues'
import { fileTestContext } from '../../test/harness'
import { buildQueue, call, type QueueFixture } from '../queues/queue.test-support'
import { DURING_NIGHT, markPlayers, scheduleNight } from '../raid-nights/raid-nights.test-support'

// "Next in line" never runs dry (docs/product-rules.md, "Queue ordering"): while any entry can receive, the
// overview (SQL), the dashboard's queue and the public page (contract/next-in-line.ts) and a player's page
// name one, and the same one. During a raid night it is who is here.

const ctx = await fileTestContext()
afterEach(() => ctx.setNow(null))

async function overviewNext(q: QueueFixture) {
  const overview = await call<Overview>(q.member, 'GET', '/overview')
  return {
    night: overview.night,
    next: overview.nextUp.find((n) => n.itemId === q.item.id)!.player?.name ?? null,
  }
}

/** What the browser computes from the queue it shows, with what it knows of tonight. */
async function screenNext(q: QueueFixture, away: Set<string> = new Set()) {
  const view = await call<QueueView>(q.member, 'GET', `/items/${q.item.id}/queue`)
  return nextInLine(view.entries, (e) => !e.isPenalized && !away.has(e.playerName))?.playerName ?? null
}

async function standingNext(q: QueueFixture) {
  const names: string[] = []
  for (const player of q.players) {
    const standing = await call<PlayerStanding>(q.member, 'GET', `/players/${player.id}/standing`)
    if (standing.queues.find((p) => p.itemId === q.item.id)?.isNext) names.push(player.name)
  }
  return names
}

async function expectNext(q: QueueFixture, name: string | null, away?: Set<string>) {
  expect((await overviewNext(q)).next, 'overview').toBe(name)
  expect(await screenNext(q, away), 'queue screen').toBe(name)
  expect(await standingNext(q), "players' pages").toEqual(name ? [name] : [])
}

const received = (q: QueueFixture, name: string) =>
  call(q.member, 'POST', `/queue-entries/${q.entryOf(name).id}/received`)

describe('next in line', () => {
  it('after a full round (three players, three receipts) is the first of them again, everywhere', async () => {
    const q = await buildQueue(ctx, ['Ana', 'Bruno', 'Caio'])
    await expectNext(q, 'Ana')
    for (const name of ['Ana', 'Bruno', 'Caio']) await received(q, name)
    await expectNext(q, 'Ana')
    await received(q, 'Ana')
    await expectNext(q, 'Bruno')
  })

  it('puts a pending player first, skips the penalised and the not interested, and is null only when nobody can receive', async () => {
    const q = await buildQueue(ctx, ['Ana', 'Bruno', 'Caio'])
    await received(q, 'Ana')
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Bruno').id}/penalty`, { days: 1, note: 'afk' })
    await expectNext(q, 'Caio')
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Caio').id}/not-interested`)
    await expectNext(q, 'Ana')
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/not-interested`)
    await expectNext(q, null)
    // The penalty lapses: Bruno, still pending, is next (ahead of nobody else).
    ctx.setNow(new Date(Date.now() + 25 * 3_600_000))
    await expectNext(q, 'Bruno')
  })

  it('during a raid night is the first who is here (present, late or not marked)', async () => {
    ctx.setNow(new Date(DURING_NIGHT.getTime() - 60_000))
    const q = await buildQueue(ctx, ['Ana', 'Bruno', 'Caio'])
    ctx.setNow(DURING_NIGHT)
    const night = await scheduleNight(q.member)
    const [ana, bruno] = q.players
    await markPlayers(q.member, night.id, { [ana!.id]: 'bench', [bruno!.id]: 'late' })
    expect((await overviewNext(q)).night).toEqual({ id: night.id, name: 'Raid de quinta' })
    await expectNext(q, 'Bruno', new Set(['Ana']))
    await markPlayers(q.member, night.id, { [bruno!.id]: 'no_show' })
    await expectNext(q, 'Caio', new Set(['Ana', 'Bruno']))
    // The night ends: everyone counts again.
    ctx.setNow(new Date('2026-12-11T02:00:00Z'))
    expect((await overviewNext(q)).night).toBeNull()
    await expectNext(q, 'Ana')
  })
})
