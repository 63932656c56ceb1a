import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { guildRanks, items } from '../../db/schema'
import { buildGuild, buildItem } from '../../test/factories'
import { expectError } from '../../test/expect-error'
import { ENGINE, fileTestContext, type TestContext } from '../../test/harness'
import { untilSessionsWait } from '../../test/lock-waits'
import { createRanks } from './ranks.test-support'

// A rank's delete while an item write names it as minimum (docs/decisions/018-ranks.md, "A rank that is an
// item's minimum is not deleted"): the delete holds the rank before it counts the items, so it waits for the
// write and then sees it, instead of clearing the new minimum with the foreign key. PostgreSQL only: PGlite
// has one connection, so nothing there ever waits.

const ctx = ENGINE === 'postgres' ? await fileTestContext() : (undefined as unknown as TestContext)

describe.skipIf(ENGINE !== 'postgres')(
  'a rank deleted while an item takes it as minimum (PostgreSQL only)',
  () => {
    it('waits for the item write, then refuses; the rank and the minimum stay', async () => {
      const { guild, admin } = await buildGuild(ctx)
      const [raider] = await createRanks(admin, ['Raider'])
      const item = await buildItem(ctx, guild.id, { name: 'Lâmina' })

      let release!: () => void
      let written!: () => void
      const minimumWritten = new Promise<void>((resolve) => {
        written = resolve
      })
      // An item's minimum set as the item service sets it (holdRank's KEY SHARE, then the column), not yet committed.
      const write = ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql`select id from guild_ranks where id = ${raider!.id} for key share`)
        await tx.update(items).set({ minRankId: raider!.id }).where(eq(items.id, item.id))
        written()
        await new Promise<void>((resolve) => {
          release = resolve
        })
      })
      await minimumWritten
      const deleted = admin.request('DELETE', `/api/v1/ranks/${raider!.id}`)
      await untilSessionsWait(ctx.database.db)
      release()
      await write
      await expectError(await deleted, 409, 'RANK_IS_ITEM_MINIMUM')
      const [stored] = await ctx.database.db.select().from(items).where(eq(items.id, item.id))
      expect(stored!.minRankId).toBe(raider!.id)
      expect(
        await ctx.database.db.select().from(guildRanks).where(eq(guildRanks.guildId, guild.id)),
      ).toHaveLength(1)
    })
  },
)
