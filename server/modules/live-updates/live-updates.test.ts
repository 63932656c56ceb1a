import { describe, expect, it } from 'vitest'
import { buildMember } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { publicClient } from '../public/public.test-support'
import { buildQueue, call, type QueueFixture } from '../queues/queue.test-support'
import { readSse, streamsClosedAfterEach } from './sse.test-support'

// Every write an open page must follow announces itself on the guild's event stream, with the exact topic
// (and item id) that makes dashboards and public pages refetch the right thing: a write that forgets its
// publish leaves every open page stale until a reload. Checked on both streams: a member's dashboard and an
// anonymous public page.

const PUBLIC_PASSWORD = 'raid-night' // buildGuild's default
/** Generous: a loaded machine delays delivery; what is checked is what arrives, not how fast. */
const WAIT = { timeoutMs: 10_000 }

const ctx = await fileTestContext()
const open = streamsClosedAfterEach()

type Streams = { dashboard: ReturnType<typeof readSse>; publicPage: ReturnType<typeof readSse> }

async function watchedQueue(): Promise<
  QueueFixture & Streams & { admin: Awaited<ReturnType<typeof buildMember>> }
> {
  const q = await buildQueue(ctx)
  const admin = await buildMember(ctx, { guildId: q.guild.id, role: 'guild_admin' })
  const member = await q.member.request('GET', '/api/v1/events')
  expect(member.status).toBe(200)
  const client = publicClient(ctx)
  const { cookie } = await client.enter(q.guild.slug, PUBLIC_PASSWORD)
  const visitor = await client.call('GET', `${q.guild.slug}/events`, { cookie })
  expect(visitor.status).toBe(200)
  const dashboard = readSse(member)
  const publicPage = readSse(visitor)
  open.push(dashboard, publicPage)
  await Promise.all([dashboard.waitFor('ready', WAIT), publicPage.waitFor('ready', WAIT)])
  return { ...q, admin, dashboard, publicPage }
}

let markers = 0

/** Publishes a marker event and answers, per stream, the index of its arrival. */
async function mark(w: QueueFixture & Streams, from: number[] = [0, 0]) {
  const marker = `marker-${++markers}`
  await ctx.deps.realtime.publish({ guildId: w.guild.id, topic: 'items', itemId: marker })
  return Promise.all(
    [w.dashboard, w.publicPage].map((stream, i) =>
      stream.waitForMessage((m) => m.data.includes(marker), { from: from[i], what: marker, ...WAIT }),
    ),
  )
}

/**
 * The change events `act` caused, as both streams received them: everything between a marker published
 * before it (so earlier writes' events are out of the way) and one published after it (the write publishes
 * before it answers, so nothing of it can arrive later).
 */
async function eventsOf(w: QueueFixture & Streams, act: () => Promise<unknown>) {
  const start = await mark(w)
  await act()
  const end = await mark(w, start)
  const seen = [w.dashboard, w.publicPage].map((stream, i) =>
    stream.messages.slice(start[i]! + 1, end[i]).map((m) => ({ event: m.event, ...JSON.parse(m.data) })),
  )
  expect(seen[1], 'the public page hears what the dashboard hears').toEqual(seen[0])
  return seen[0]
}

const change = (topic: string, itemId?: string) => ({ event: 'change', topic, ...(itemId ? { itemId } : {}) })

describe('live updates: each write announces the exact topic and item', () => {
  type Action = [string, (w: Awaited<ReturnType<typeof watchedQueue>>) => Promise<unknown>, 'history'?]
  const entry = (w: QueueFixture, name: string) => `/queue-entries/${w.entryOf(name).id}`
  const actions: Action[] = [
    ['received', (w) => call(w.member, 'POST', `${entry(w, 'Ana')}/received`), 'history'],
    ['absent', (w) => call(w.member, 'POST', `${entry(w, 'Ana')}/absent`)],
    ['not interested', (w) => call(w.member, 'POST', `${entry(w, 'Ana')}/not-interested`)],
    ['penalty set', (w) => call(w.member, 'POST', `${entry(w, 'Ana')}/penalty`, { days: 2, note: 'late' })],
    [
      'reorder',
      (w) =>
        call(w.member, 'PUT', `/items/${w.item.id}/queue/order`, {
          entryIds: [...w.queue.entries].reverse().map((e) => e.id),
        }),
    ],
    ['remove', (w) => call(w.member, 'DELETE', entry(w, 'Ana'))],
  ]
  it.each(actions)('%s → queues for that item', async (_name, act, history) => {
    const w = await watchedQueue()
    const itemId = w.item.id
    expect(await eventsOf(w, () => act(w))).toEqual([
      change('queues', itemId),
      ...(history ? [change('history', itemId)] : []),
    ])
  })

  it('penalty removed → queues for that item', async () => {
    const w = await watchedQueue()
    await call(w.member, 'POST', `${entry(w, 'Ana')}/penalty`, { days: 2, note: 'late' })
    expect(await eventsOf(w, () => call(w.member, 'DELETE', `${entry(w, 'Ana')}/penalty`))).toEqual([
      change('queues', w.item.id),
    ])
  })

  it('add → queues for that item', async () => {
    const w = await watchedQueue()
    await call(w.member, 'DELETE', entry(w, 'Ana'))
    const add = () => call(w.member, 'POST', `/items/${w.item.id}/queue`, { playerId: w.players[0]!.id }, 201)
    expect(await eventsOf(w, add)).toEqual([change('queues', w.item.id)])
  })

  it('undo of an action → queues; undo of a receipt → queues and history', async () => {
    const w = await watchedQueue()
    const undo = () => call(w.member, 'POST', `/items/${w.item.id}/queue/undo`)
    await call(w.member, 'POST', `${entry(w, 'Bruno')}/absent`)
    expect(await eventsOf(w, undo)).toEqual([change('queues', w.item.id)])
    await call(w.member, 'POST', `${entry(w, 'Bruno')}/received`)
    expect(await eventsOf(w, undo)).toEqual([change('queues', w.item.id), change('history', w.item.id)])
  })

  it('item hidden from the public page → items for that item', async () => {
    const w = await watchedQueue()
    const hide = () => call(w.admin, 'PATCH', `/items/${w.item.id}`, { isPublicVisible: false })
    expect(await eventsOf(w, hide)).toEqual([change('items', w.item.id)])
  })

  it('player deactivated → players (every queue that shows them refetches)', async () => {
    const w = await watchedQueue()
    const [ana] = w.players
    const deactivate = () =>
      call(w.admin, 'PATCH', `/players/${ana!.id}`, { name: ana!.name, playerStatus: 'inactive' })
    expect(await eventsOf(w, deactivate)).toEqual([change('players')])
  })

  it('a request that changes nothing, or is refused, announces nothing', async () => {
    const w = await watchedQueue()
    const sameOrder = () =>
      call(w.member, 'PUT', `/items/${w.item.id}/queue/order`, { entryIds: w.queue.entries.map((e) => e.id) })
    expect(await eventsOf(w, sameOrder)).toEqual([])
    const refused = () => call(w.member, 'DELETE', `${entry(w, 'Ana')}/penalty`, undefined, 409)
    expect(await eventsOf(w, refused)).toEqual([])
  })
})
