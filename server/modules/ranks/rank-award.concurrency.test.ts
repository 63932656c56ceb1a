import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { QueueView } from '../../../contract/queues'
import { lootHistory, playerQueues, players } from '../../db/schema'
import { buildGuild, buildItem, buildMember, buildPlayer } from '../../test/factories'
import { expectError } from '../../test/expect-error'
import { ENGINE, fileTestContext, type TestContext } from '../../test/harness'
import { api, createRanks } from './ranks.test-support'
import { untilSessionsWait } from '../../test/lock-waits'

// An award and a rank change at the same moment (docs/decisions/018-ranks.md, "The award's refusal"): the award
// checks the minimum rank under locks it holds until it commits, so a rank change under way is waited for and
// then seen. PostgreSQL only: PGlite has one connection, so nothing there ever waits.

const ctx = ENGINE === 'postgres' ? await fileTestContext() : (undefined as unknown as TestContext)

describe.skipIf(ENGINE !== 'postgres')('an award during a rank change (PostgreSQL only)', () => {
  it('waits for the change, then refuses the player now below the minimum; nothing written', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const member = await buildMember(ctx, { guildId: guild.id })
    const [raider, trial] = await createRanks(admin, ['Raider', 'Trial'])
    const ana = await buildPlayer(ctx, guild.id, { name: 'Ana' })
    await api(member, 'PUT', '/players-rank', { playerIds: [ana.id], rankId: raider!.id })
    const item = await buildItem(ctx, guild.id, { name: 'Lendária' })
    await api(member, 'PATCH', `/items/${item.id}`, { minRankId: raider!.id })
    await api(member, 'POST', `/items/${item.id}/queue/add-all`)
    const [entry] = (await api<QueueView>(member, 'GET', `/items/${item.id}/queue`)).entries

    let release!: () => void
    let changed!: () => void
    const rankChanged = new Promise<void>((resolve) => {
      changed = resolve
    })
    // Ana becomes a trial in a transaction that has not committed yet.
    const change = ctx.database.db.transaction(async (tx) => {
      await tx.update(players).set({ rankId: trial!.id }).where(eq(players.id, ana.id))
      changed()
      await new Promise<void>((resolve) => {
        release = resolve
      })
    })
    await rankChanged
    const award = member.request('POST', `/api/v1/queue-entries/${entry!.id}/received`)
    await untilSessionsWait(ctx.database.db)
    release()
    await change
    await expectError(await award, 409, 'BELOW_MINIMUM_RANK')
    expect(await ctx.database.db.select().from(lootHistory).where(eq(lootHistory.guildId, guild.id))).toEqual(
      [],
    )
    // Read from the table: the change above was written in SQL, which the read cache is not told of.
    const [stored] = await ctx.database.db.select().from(playerQueues).where(eq(playerQueues.id, entry!.id))
    expect(stored).toMatchObject({ attendanceStatus: 'pending', timesReceived: 0 })
  })
})
