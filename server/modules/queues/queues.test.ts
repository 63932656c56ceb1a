import { describe, expect, it } from 'vitest'
import type { QueueView } from '../../../contract/queues'
import { buildGuild, buildItem, buildMember, buildPlayer } from '../../test/factories'
import { expectError } from '../../test/expect-error'
import { fileTestContext } from '../../test/harness'
import { auditRows } from '../../test/audit-rows'
import {
  auditActions,
  buildQueue,
  call,
  expectRefusedUnchanged,
  namesOf,
  queueNames,
  stateOf,
  storedEntries,
} from './queue.test-support'

const ctx = await fileTestContext()

// Through the API, as an officer changes it: the write also announces the change that open screens and the
// read cache (docs/decisions/009-cached-reads.md) follow.
const setStatus = (
  q: { member: Parameters<typeof call>[0] },
  id: string,
  playerStatus: 'active' | 'inactive' | 'expelled',
) => call(q.member, 'PATCH', `/players/${id}`, { playerStatus })

describe('reading a queue', () => {
  it('shows active players only, numbered 1..n, with nothing to undo on a fresh item', async () => {
    const { guild } = await buildGuild(ctx)
    const member = await buildMember(ctx, { guildId: guild.id })
    const item = await buildItem(ctx, guild.id)
    expect(await call(member, 'GET', `/items/${item.id}/queue`)).toEqual({
      itemId: item.id,
      version: 0,
      entries: [],
      undo: null,
      rankFirst: false,
    })
  })

  it("hides inactive and expelled players' entries without deleting them", async () => {
    const q = await buildQueue(ctx)
    await setStatus(q, q.entryOf('Ana').playerId, 'inactive')
    await setStatus(q, q.entryOf('Caio').playerId, 'expelled')
    const view = await call(q.member, 'GET', `/items/${q.item.id}/queue`)
    expect(namesOf(view)).toEqual(['Bruno', 'Duda'])
    expect(view.entries.map((e) => e.position)).toEqual([1, 2])
    expect(await storedEntries(ctx, q.item.id)).toHaveLength(4)
    await setStatus(q, q.entryOf('Ana').playerId, 'active')
    expect(await queueNames(q)).toEqual(['Ana', 'Bruno', 'Duda'])
  })

  it("another guild's item is 404 for every queue endpoint, and nothing changes", async () => {
    const q = await buildQueue(ctx)
    const stranger = await buildMember(ctx, { guildId: (await buildGuild(ctx)).guild.id })
    const strangerPlayer = await buildPlayer(ctx, stranger.guildId!)
    const before = await stateOf(ctx, q.guild.id, q.item.id)
    const attempts: [string, string, unknown?][] = [
      ['GET', ''],
      ['POST', '', { playerId: strangerPlayer.id }],
      ['POST', '/add-all'],
      ['PUT', '/order', { entryIds: q.queue.entries.map((e) => e.id).reverse() }],
      ['POST', '/undo'],
    ]
    for (const [method, suffix, body] of attempts) {
      await expectError(
        await stranger.request(method, `/api/v1/items/${q.item.id}/queue${suffix}`, body),
        404,
        'NOT_FOUND',
        `${method} ${suffix}`,
      )
    }
    expect(await stateOf(ctx, q.guild.id, q.item.id)).toEqual(before)
  })
})

describe('adding players', () => {
  it('adds an active player at max+1 (201), pending, audited QUEUE_ADD', async () => {
    const q = await buildQueue(ctx, ['Ana', 'Bruno'])
    const eva = await buildPlayer(ctx, q.guild.id, { name: 'Eva' })
    const view = await call(q.member, 'POST', `/items/${q.item.id}/queue`, { playerId: eva.id }, 201)
    expect(namesOf(view)).toEqual(['Ana', 'Bruno', 'Eva'])
    expect(view.entries[2]).toMatchObject({ position: 3, attendanceStatus: 'pending', timesReceived: 0 })
    const [audit] = await auditRows(ctx, q.guild.id, 'QUEUE_ADD')
    expect(audit).toMatchObject({ tableName: 'player_queues', recordId: view.entries[2]!.id })
  })

  it('puts the new player after hidden entries too (positions stay 1..n over all entries)', async () => {
    const q = await buildQueue(ctx, ['Ana', 'Bruno'])
    await setStatus(q, q.entryOf('Bruno').playerId, 'inactive')
    const eva = await buildPlayer(ctx, q.guild.id, { name: 'Eva' })
    await call(q.member, 'POST', `/items/${q.item.id}/queue`, { playerId: eva.id }, 201)
    expect((await storedEntries(ctx, q.item.id)).map((e) => e.queuePosition)).toEqual([1, 2, 3])
  })

  it('refuses a player already queued (409), an inactive or expelled one (409), unknown ones (404)', async () => {
    const q = await buildQueue(ctx, ['Ana', 'Bruno'])
    const inactive = await buildPlayer(ctx, q.guild.id, { playerStatus: 'inactive' })
    const expelled = await buildPlayer(ctx, q.guild.id, { playerStatus: 'expelled' })
    const foreign = await buildPlayer(ctx, (await buildGuild(ctx)).guild.id)
    const before = await stateOf(ctx, q.guild.id, q.item.id)
    const cases: [string, number, string][] = [
      [q.entryOf('Ana').playerId, 409, 'ALREADY_IN_QUEUE'],
      [inactive.id, 409, 'PLAYER_INACTIVE'],
      [expelled.id, 409, 'PLAYER_INACTIVE'],
      [foreign.id, 404, 'NOT_FOUND'],
      ['00000000-0000-4000-8000-000000000000', 404, 'NOT_FOUND'],
      ['nope', 400, 'VALIDATION_FAILED'],
    ]
    for (const [playerId, status, code] of cases) {
      await expectError(
        await q.member.request('POST', `/api/v1/items/${q.item.id}/queue`, { playerId }),
        status,
        code,
        code,
      )
    }
    expect(await stateOf(ctx, q.guild.id, q.item.id)).toEqual(before)
  })

  it('add-all adds every active player not yet queued, by name; then added 0 and nothing written', async () => {
    const { guild } = await buildGuild(ctx)
    const member = await buildMember(ctx, { guildId: guild.id })
    const item = await buildItem(ctx, guild.id)
    for (const name of ['caio', 'Bruno', 'Ana']) await buildPlayer(ctx, guild.id, { name })
    await buildPlayer(ctx, guild.id, { name: 'Zé', playerStatus: 'inactive' })
    const first = await call<{ added: number; queue: QueueView }>(
      member,
      'POST',
      `/items/${item.id}/queue/add-all`,
    )
    expect(first.added).toBe(3)
    expect(namesOf(first.queue)).toEqual(['Ana', 'Bruno', 'caio'])
    expect(first.queue.entries.every((e) => e.attendanceStatus === 'pending')).toBe(true)
    const audits = await auditActions(ctx, guild.id)
    expect(audits).toEqual(['QUEUE_ADD_ALL'])

    const again = await call<{ added: number; queue: QueueView }>(
      member,
      'POST',
      `/items/${item.id}/queue/add-all`,
    )
    expect(again).toEqual({ added: 0, queue: first.queue })
    expect(await auditActions(ctx, guild.id)).toEqual(['QUEUE_ADD_ALL'])
  })
})

describe('reordering', () => {
  it('writes the given full order (QUEUE_REORDER)', async () => {
    const q = await buildQueue(ctx)
    const ids = ['Duda', 'Ana', 'Caio', 'Bruno'].map((n) => q.entryOf(n).id)
    const view = await call(q.member, 'PUT', `/items/${q.item.id}/queue/order`, { entryIds: ids })
    expect(namesOf(view)).toEqual(['Duda', 'Ana', 'Caio', 'Bruno'])
    expect(await call(q.member, 'GET', `/items/${q.item.id}/queue`)).toEqual(view)
    expect(await auditRows(ctx, q.guild.id, 'QUEUE_REORDER')).toHaveLength(1)
  })

  it('keeps the slots of hidden entries and fills the others in the given order', async () => {
    const q = await buildQueue(ctx)
    await setStatus(q, q.entryOf('Bruno').playerId, 'inactive')
    const ids = ['Duda', 'Caio', 'Ana'].map((n) => q.entryOf(n).id)
    await call(q.member, 'PUT', `/items/${q.item.id}/queue/order`, { entryIds: ids })
    const stored = await storedEntries(ctx, q.item.id)
    expect(stored.map((e) => e.id)).toEqual(['Duda', 'Bruno', 'Caio', 'Ana'].map((n) => q.entryOf(n).id))
    expect(stored.map((e) => e.queuePosition)).toEqual([1, 2, 3, 4])
  })

  // docs/decisions/001-queue-ordering.md, "The queue the member saw".
  it('refuses an order dragged on a queue that changed since: 409 QUEUE_CHANGED, nothing changes', async () => {
    const q = await buildQueue(ctx)
    const seen = q.queue.version
    // Another officer hands Ana the item: she goes behind the pending players.
    const after = await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`)
    // The drag was made on the queue before it: its order would put Ana back first.
    const dragged = ['Ana', 'Caio', 'Bruno', 'Duda'].map((n) => q.entryOf(n).id)
    await expectRefusedUnchanged(ctx, q, 409, 'QUEUE_CHANGED', () =>
      q.member.request('PUT', `/api/v1/items/${q.item.id}/queue/order`, {
        entryIds: dragged,
        queueVersion: seen,
      }),
    )
    const view = await call(q.member, 'PUT', `/items/${q.item.id}/queue/order`, {
      entryIds: ['Caio', 'Bruno', 'Duda', 'Ana'].map((n) => q.entryOf(n).id),
      queueVersion: after.version,
    })
    expect(namesOf(view)).toEqual(['Caio', 'Bruno', 'Duda', 'Ana'])
  })

  it('the same order again writes nothing', async () => {
    const q = await buildQueue(ctx)
    const before = await stateOf(ctx, q.guild.id, q.item.id)
    const view = await call(q.member, 'PUT', `/items/${q.item.id}/queue/order`, {
      entryIds: q.queue.entries.map((e) => e.id),
    })
    expect(namesOf(view)).toEqual(namesOf(q.queue))
    expect(await stateOf(ctx, q.guild.id, q.item.id)).toEqual(before)
  })

  it('refuses anything but a permutation of the shown entries: 409 ORDER_MISMATCH, nothing changes', async () => {
    const q = await buildQueue(ctx)
    await setStatus(q, q.entryOf('Bruno').playerId, 'inactive')
    const other = await buildQueue(ctx, ['Xavier'])
    const [ana, bruno, caio, duda] = ['Ana', 'Bruno', 'Caio', 'Duda'].map((n) => q.entryOf(n).id)
    const before = await stateOf(ctx, q.guild.id, q.item.id)
    const bad = [
      [ana, caio],
      [ana, caio, duda, bruno],
      [ana, caio, caio],
      [ana, caio, duda, other.entryOf('Xavier').id],
      [],
    ]
    for (const entryIds of bad) {
      await expectError(
        await q.member.request('PUT', `/api/v1/items/${q.item.id}/queue/order`, { entryIds }),
        409,
        'ORDER_MISMATCH',
      )
    }
    const res = await q.member.request('PUT', `/api/v1/items/${q.item.id}/queue/order`, { entryIds: ['x'] })
    expect(res.status).toBe(400)
    expect(await stateOf(ctx, q.guild.id, q.item.id)).toEqual(before)
  })
})
