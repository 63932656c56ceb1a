import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { AddedToEveryQueue } from '../../../contract/queues'
import { items } from '../../db/schema'
import { auditRows } from '../../test/audit-rows'
import { databaseFingerprint } from '../../test/database-fingerprint'
import { expectError } from '../../test/expect-error'
import { buildGuild, buildItem, buildPlayer } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { buildQueue, call, queueNames, storedEntries } from './queue.test-support'

const ctx = await fileTestContext()

// "Add to every queue" on a player's page (docs/product-rules.md, "Players").

/** A guild with three items: the fixture's (Ana, Bruno), and two empty ones. */
async function guildWithQueues() {
  const q = await buildQueue(ctx, ['Ana', 'Bruno'])
  const second = await buildItem(ctx, q.guild.id, { name: 'Elmo' })
  const empty = await buildItem(ctx, q.guild.id, { name: 'Anel' })
  const eva = await buildPlayer(ctx, q.guild.id, { name: 'Eva' })
  const namesIn = async (itemId: string) =>
    (await call(q.member, 'GET', `/items/${itemId}/queue`)).entries.map((e) => e.playerName)
  const versionOf = async (itemId: string) =>
    (await ctx.database.db.select({ v: items.queueVersion }).from(items).where(eq(items.id, itemId)))[0]!.v
  const everyQueue = (playerId: string) => q.member.request('POST', `/api/v1/players/${playerId}/every-queue`)
  return { q, second, empty, eva, namesIn, versionOf, everyQueue }
}

describe('adding a player to every queue', () => {
  it('puts the player last in every queue they were not in, one QUEUE_ADD each, and leaves the others', async () => {
    const { q, second, empty, eva, namesIn, versionOf, everyQueue } = await guildWithQueues()
    // Eva already queues for the second item, after Ana; Bruno comes after her there.
    for (const player of [q.players[0]!, eva, q.players[1]!])
      await call(q.member, 'POST', `/items/${second.id}/queue`, { playerId: player.id }, 201)
    const secondVersion = await versionOf(second.id)

    const res = await everyQueue(eva.id)
    expect(res.status).toBe(200)
    const body = (await res.json()) as AddedToEveryQueue
    expect(body.added).toBe(2)
    expect(body.itemIds.toSorted()).toEqual([q.item.id, empty.id].toSorted())

    expect(await queueNames(q)).toEqual(['Ana', 'Bruno', 'Eva'])
    expect(await namesIn(empty.id)).toEqual(['Eva'])
    expect(await namesIn(second.id)).toEqual(['Ana', 'Eva', 'Bruno'])
    expect(await versionOf(second.id)).toBe(secondVersion)
    expect((await storedEntries(ctx, q.item.id)).at(-1)).toMatchObject({ playerId: eva.id, queuePosition: 3 })

    // One activity row per queue joined, as a single add writes, each on Eva's new entry.
    const evaEntries = [q.item.id, empty.id].map(async (id) => (await storedEntries(ctx, id)).at(-1)!.id)
    const adds = (await auditRows(ctx, q.guild.id, 'QUEUE_ADD')).slice(-2)
    expect(adds.map((a) => a.recordId).toSorted()).toEqual((await Promise.all(evaEntries)).toSorted())
    expect(adds.every((a) => a.tableName === 'player_queues' && a.description.endsWith('+ Eva'))).toBe(true)

    // Each queue's own undo takes her out of that queue only.
    await call(q.member, 'POST', `/items/${q.item.id}/queue/undo`)
    expect(await queueNames(q)).toEqual(['Ana', 'Bruno'])
    expect(await namesIn(empty.id)).toEqual(['Eva'])
  })

  it('a second call joins nothing, says 0 and writes nothing', async () => {
    const { eva, everyQueue } = await guildWithQueues()
    expect(((await (await everyQueue(eva.id)).json()) as AddedToEveryQueue).added).toBe(3)
    const before = await databaseFingerprint(ctx)
    const res = await everyQueue(eva.id)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ added: 0, itemIds: [] })
    expect(await databaseFingerprint(ctx)).toEqual(before)
  })

  it('refuses an inactive or expelled player (409 PLAYER_INACTIVE), writing nothing', async () => {
    const { q, everyQueue } = await guildWithQueues()
    const inactive = await buildPlayer(ctx, q.guild.id, { playerStatus: 'inactive' })
    const expelled = await buildPlayer(ctx, q.guild.id, { playerStatus: 'expelled' })
    const before = await databaseFingerprint(ctx)
    for (const player of [inactive, expelled])
      await expectError(await everyQueue(player.id), 409, 'PLAYER_INACTIVE', player.playerStatus)
    expect(await databaseFingerprint(ctx)).toEqual(before)
  })

  it("another guild's player, an unknown one: 404 and nothing written; a malformed id: 400", async () => {
    const { everyQueue } = await guildWithQueues()
    const foreign = await buildPlayer(ctx, (await buildGuild(ctx)).guild.id)
    const before = await databaseFingerprint(ctx)
    await expectError(await everyQueue(foreign.id), 404, 'NOT_FOUND', 'foreign')
    await expectError(await everyQueue('00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND', 'unknown')
    await expectError(await everyQueue('nope'), 400, 'VALIDATION_FAILED', 'malformed')
    expect(await databaseFingerprint(ctx)).toEqual(before)
  })
})
