import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import type { Item, ItemsSummary } from '../../../contract/items'
import { items, lootHistory, players } from '../../db/schema'
import { type Actor, buildGuild, buildItem, buildMember, buildPlayer } from '../../test/factories'
import { expectError } from '../../test/expect-error'
import { fileTestContext } from '../../test/harness'
import { auditRows } from '../../test/audit-rows'
import { auditActions, buildQueue, call, storedEntries } from '../queues/queue.test-support'

const ctx = await fileTestContext()
afterEach(() => ctx.setNow(null as unknown as Date))

async function memberOfNewGuild() {
  const { guild } = await buildGuild(ctx)
  return { guild, member: await buildMember(ctx, { guildId: guild.id }) }
}

/** POST /items, which must answer 201 with the created item. */
const createItem = (actor: Actor, body: unknown) => call<Item>(actor, 'POST', '/items', body, 201)

const itemRows = (guildId: string) => ctx.database.db.select().from(items).where(eq(items.guildId, guildId))

describe('items', () => {
  it('lists newest first, counting only active players in each queue', async () => {
    const q = await buildQueue(ctx)
    ctx.setNow(new Date(Date.now() + 60_000))
    const newer = await createItem(q.member, { name: 'Newer' })
    await ctx.database.db
      .update(players)
      .set({ playerStatus: 'expelled' })
      .where(eq(players.id, q.entryOf('Ana').playerId))
    await buildItem(ctx, (await buildGuild(ctx)).guild.id, { name: 'Elsewhere' })
    const { items: list } = await call<{ items: Item[] }>(q.member, 'GET', '/items')
    expect(list.map((i) => [i.name, i.queueCount])).toEqual([
      ['Newer', 0],
      ['Espada Lendária', 3],
    ])
    expect(list[0]).toEqual(newer)
  })

  // Outside tester J: an import's items, created at one instant, were listed by their ids (a shuffle).
  it('lists items created at one instant by name, after newer ones', async () => {
    const { member } = await memberOfNewGuild()
    const at = new Date('2026-12-07T18:00:00Z')
    ctx.setNow(at)
    for (const name of ['Vashj', 'dragonbone', 'Crown', 'Élmo', 'Anel 10', 'Anel 2'])
      await createItem(member, { name })
    ctx.setNow(new Date(at.getTime() + 1000))
    await createItem(member, { name: 'Zeta' })
    const { items: list } = await call<{ items: Item[] }>(member, 'GET', '/items')
    expect(list.map((i) => i.name)).toEqual([
      'Zeta',
      'Anel 2',
      'Anel 10',
      'Crown',
      'dragonbone',
      'Élmo',
      'Vashj',
    ])
  })

  it('creates with trimming: empty description/type → null, rarity none → null, public by default', async () => {
    const { guild, member } = await memberOfNewGuild()
    const plain = await createItem(member, {
      name: '  Elmo  ',
      description: '   ',
      itemType: '',
      rarity: 'none',
    })
    expect(plain).toMatchObject({
      name: 'Elmo',
      description: null,
      itemType: null,
      rarity: null,
      isPublicVisible: true,
      queueCount: 0,
    })
    const full = await createItem(member, {
      name: 'Arco',
      description: ' Élfico ',
      itemType: ' Arma ',
      rarity: 'epic',
    })
    expect(full).toMatchObject({ description: 'Élfico', itemType: 'Arma', rarity: 'epic' })
    const [audit] = await auditRows(ctx, guild.id, 'ITEM_CREATE')
    expect(audit).toMatchObject({ tableName: 'items', userId: member.user.id })
  })

  it('refuses a blank name or an unknown rarity with 400, creating nothing', async () => {
    const { guild, member } = await memberOfNewGuild()
    for (const body of [{ name: '  ' }, {}, { name: 'X', rarity: 'mythic' }, { name: 'x'.repeat(121) }]) {
      await expectError(await member.request('POST', '/api/v1/items', body), 400, 'VALIDATION_FAILED')
    }
    expect(await itemRows(guild.id)).toHaveLength(0)
  })

  it('refuses a name another item of the guild has, case and accents aside, on create and rename (409)', async () => {
    const { guild, member } = await memberOfNewGuild()
    const helm = await createItem(member, { name: 'Elmo de Mithril' })
    const ring = await createItem(member, { name: 'Anel' })
    const before = await itemRows(guild.id)
    for (const name of ['Elmo de Mithril', 'elmo de mithríl ']) {
      const body = await expectError(
        await member.request('POST', '/api/v1/items', { name }),
        409,
        'ITEM_NAME_TAKEN',
      )
      expect(body.error.fields).toEqual({ name: 'ITEM_NAME_TAKEN' })
    }
    await expectError(
      await member.request('PATCH', `/api/v1/items/${ring.id}`, { name: 'ELMO DE MITHRIL' }),
      409,
      'ITEM_NAME_TAKEN',
    )
    expect(await itemRows(guild.id)).toEqual(before)
    await call<Item>(member, 'PATCH', `/items/${helm.id}`, { name: 'Elmo de mithril', description: 'raro' })
    // Two of one name made before the rule: the rest of either still changes.
    const old = await buildItem(ctx, guild.id, { name: 'Anel ' })
    await call<Item>(member, 'PATCH', `/items/${old.id}`, { description: 'o outro' })
  })

  it('audits a visibility change alone as ITEM_VISIBILITY_CHANGE, anything else as ITEM_UPDATE', async () => {
    const { guild, member } = await memberOfNewGuild()
    const item = await createItem(member, { name: 'Anel', description: 'de ouro' })
    const hidden = await call<Item>(member, 'PATCH', `/items/${item.id}`, { isPublicVisible: false })
    expect(hidden).toMatchObject({ isPublicVisible: false, description: 'de ouro', name: 'Anel' })
    const renamed = await call<Item>(member, 'PATCH', `/items/${item.id}`, {
      name: 'Anel Único',
      isPublicVisible: true,
    })
    expect(renamed).toMatchObject({ name: 'Anel Único', isPublicVisible: true })
    const cleared = await call<Item>(member, 'PATCH', `/items/${item.id}`, {
      description: '',
      rarity: 'none',
    })
    expect(cleared).toMatchObject({ description: null, rarity: null })
    await call<Item>(member, 'PATCH', `/items/${item.id}`, { name: 'Anel Único' })
    expect(await auditActions(ctx, guild.id)).toEqual([
      'ITEM_CREATE',
      'ITEM_VISIBILITY_CHANGE',
      'ITEM_UPDATE',
      'ITEM_UPDATE',
    ])
  })

  it('deletes an item (204) with its queue; its loot history stays readable by name', async () => {
    const q = await buildQueue(ctx)
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`)
    await call(q.member, 'DELETE', `/items/${q.item.id}`, undefined, 204)
    expect(await storedEntries(ctx, q.item.id)).toHaveLength(0)
    const [history] = await ctx.database.db
      .select()
      .from(lootHistory)
      .where(eq(lootHistory.guildId, q.guild.id))
    expect(history).toMatchObject({ itemId: null, itemName: 'Espada Lendária', playerName: 'Ana' })
    expect(await auditRows(ctx, q.guild.id, 'ITEM_DELETE')).toHaveLength(1)
    const res = await q.member.request('GET', `/api/v1/items/${q.item.id}/queue`)
    expect(res.status).toBe(404)
  })

  it("another guild's item or an unknown id is 404 and nothing changes", async () => {
    const { guild } = await memberOfNewGuild()
    const target = await buildItem(ctx, guild.id, { name: 'Target' })
    const { member: stranger } = await memberOfNewGuild()
    for (const id of [target.id, '00000000-0000-4000-8000-000000000000']) {
      for (const [method, body] of [
        ['PATCH', { isPublicVisible: false }],
        ['DELETE', undefined],
      ] as const) {
        const res = await stranger.request(method, `/api/v1/items/${id}`, body)
        expect(res.status).toBe(404)
      }
    }
    expect((await itemRows(guild.id)).map((i) => [i.name, i.isPublicVisible])).toEqual([['Target', true]])
    expect(await auditActions(ctx, guild.id)).toEqual([])
  })
})

describe('items summary', () => {
  it('counts items, distinct active players in queues, epic/legendary items, and loot since todayStart', async () => {
    const q = await buildQueue(ctx) // one legendary item, 4 players queued
    await buildItem(ctx, q.guild.id, { rarity: 'epic' })
    await buildItem(ctx, q.guild.id, { rarity: 'rare' })
    await buildItem(ctx, q.guild.id, { rarity: null })
    const second = await buildItem(ctx, q.guild.id, { rarity: 'common' })
    await call(q.member, 'POST', `/items/${second.id}/queue/add-all`)
    await buildPlayer(ctx, q.guild.id, { name: 'Not queued' })
    await ctx.database.db
      .update(players)
      .set({ playerStatus: 'inactive' })
      .where(eq(players.id, q.entryOf('Duda').playerId))

    const midnight = new Date('2025-04-10T03:00:00.000Z') // 00:00 in São Paulo
    ctx.setNow(new Date(midnight.getTime() - 60_000))
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`)
    ctx.setNow(new Date(midnight.getTime() + 60_000))
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Bruno').id}/received`)
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Caio').id}/received`)

    const todayStart = encodeURIComponent('2025-04-10T00:00:00-03:00')
    const summary = await call<ItemsSummary>(q.member, 'GET', `/items-summary?todayStart=${todayStart}`)
    expect(summary).toEqual({ totalItems: 5, playersInQueues: 3, rareItems: 2, distributedToday: 2 })
  })

  it('requires a valid todayStart (400)', async () => {
    const { member } = await memberOfNewGuild()
    for (const query of ['', '?todayStart=yesterday']) {
      const res = await member.request('GET', `/api/v1/items-summary${query}`)
      expect(res.status).toBe(400)
    }
  })
})
