import type { Rarity } from '../../../contract/enums'
import { sortByName } from '../../../contract/names'
import type { Overview } from '../../../contract/overview'
import type { Deps } from '../../deps'
import type { DbOrTx } from '../../db/client'
import { currentNight } from '../raid-nights/attendance.service'
import { nextUpByItem, overviewCounters, rankFirstOf } from './overview.queries'

/**
 * The overview, and the instants at which it changes without a write: the next penalty still running ends
 * (its player may be next again), the raid night running ends or the next one starts.
 */
export async function getOverview(
  deps: Deps,
  guildId: string,
): Promise<{ overview: Overview; changesAt: (string | null | undefined)[] }> {
  const db = deps.database.db
  const now = deps.now()
  const { nextPenaltyEnd, rankFirst, ...counters } = await overviewCounters(db, guildId, now)
  // During a raid night, next in line is who is here (docs/product-rules.md, "Raid nights").
  const { night, changesAt } = await currentNight(deps, guildId)
  const rows = sortByName(
    await nextUpByItem(db, guildId, now, night?.id ?? null, rankFirst),
    (row) => row.itemName,
    (row) => row.itemId,
  )
  const overview = {
    ...counters,
    rankFirst,
    night: night ? { id: night.id, name: night.name } : null,
    nextUp: rows.map((row) => ({
      itemId: row.itemId,
      itemName: row.itemName,
      rarity: row.rarity as Rarity | null,
      player: row.playerId && row.playerName ? { id: row.playerId, name: row.playerName } : null,
      queueCount: row.queueCount ?? 0,
    })),
  }
  return { overview, changesAt: [nextPenaltyEnd, ...changesAt] }
}

/**
 * Who is next in line for one item at `now`, during the night `nightId` among those here: what an award's
 * announcement names (read inside the award's transaction, so it sees the award itself). Null: nobody can
 * receive it.
 */
export async function nextInLineOf(
  db: DbOrTx,
  guildId: string,
  itemId: string,
  now: Date,
  nightId: string | null,
): Promise<{ name: string } | null> {
  const [row] = await nextUpByItem(db, guildId, now, nightId, await rankFirstOf(db, guildId), itemId)
  return row?.playerName ? { name: row.playerName } : null
}
