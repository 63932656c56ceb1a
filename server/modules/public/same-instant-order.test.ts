import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { auditLogs, playerQueues } from '../../db/schema'
import { fileTestContext } from '../../test/harness'
import { buildGuild, buildItem, buildPlayer } from '../../test/factories'
import { moves } from '../players/player-standing.queries'
import { latestEntryNotes } from './public.queries'

const ctx = await fileTestContext()

// Two actions on one entry stamped with the same instant (one transaction's now()): the one written later is
// the latest, by audit_logs.seq. Their ids are random; here the later row gets the smaller id, so an order
// that fell back to the id would pick the earlier one.
async function twoActionsAtOneInstant() {
  const { guild } = await buildGuild(ctx)
  const player = await buildPlayer(ctx, guild.id)
  const item = await buildItem(ctx, guild.id)
  const at = new Date('2026-12-03T22:00:00Z')
  const [entry] = await ctx.database.db
    .insert(playerQueues)
    .values({ guildId: guild.id, itemId: item.id, playerId: player.id, queuePosition: 1, createdAt: at })
    .returning()
  const row = (id: string, actionType: string, note: string) => ({
    id,
    guildId: guild.id,
    actionType,
    tableName: 'player_queues',
    recordId: entry!.id,
    description: actionType,
    note,
    createdAt: at,
  })
  const tail = () => randomBytes(6).toString('hex')
  await ctx.database.db
    .insert(auditLogs)
    .values(row(`ffffffff-ffff-4fff-bfff-${tail()}`, 'PLAYER_ABSENT', 'written first'))
  await ctx.database.db
    .insert(auditLogs)
    .values(row(`00000000-0000-4000-8000-${tail()}`, 'ITEM_RECEIVED', 'written last'))
  return { guild, player, item, entry: entry! }
}

describe('actions of one instant', () => {
  it("the public queue's latest note of an entry is the one written last", async () => {
    const { guild, item, entry } = await twoActionsAtOneInstant()
    const notes = await latestEntryNotes(ctx.database.db, guild.id, item.id, [entry.id])
    expect(notes.get(entry.id)).toEqual({ note: 'written last', actionType: 'ITEM_RECEIVED' })
  })

  it("a player's page lists the one written last first", async () => {
    const { guild, player } = await twoActionsAtOneInstant()
    const listed = await moves(ctx.database.db, guild.id, player.id, false, 10)
    expect(listed.map((move) => move.note)).toEqual(['written last', 'written first'])
  })
})
