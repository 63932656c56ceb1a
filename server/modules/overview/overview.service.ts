import type { Rarity } from '../../../contract/enums'
import { sortByName } from '../../../contract/names'
import type { Overview } from '../../../contract/overview'
import type { Deps } from '../../deps'
import { nextUpByItem, overviewCounters } from './overview.queries'

/**
 * The overview, and the end of the next penalty still running in the guild (null: none): until then, only a
 * write can change it.
 */
export async function getOverview(
  deps: Deps,
  guildId: string,
): Promise<{ overview: Overview; nextPenaltyEnd: string | null }> {
  const db = deps.database.db
  const now = deps.now()
  const { nextPenaltyEnd, ...counters } = await overviewCounters(db, guildId, now)
  const rows = sortByName(
    await nextUpByItem(db, guildId, now),
    (row) => row.itemName,
    (row) => row.itemId,
  )
  const overview = {
    ...counters,
    nextUp: rows.map((row) => ({
      itemId: row.itemId,
      itemName: row.itemName,
      rarity: row.rarity as Rarity | null,
      player: row.playerId && row.playerName ? { id: row.playerId, name: row.playerName } : null,
      queueCount: row.queueCount ?? 0,
    })),
  }
  return { overview, nextPenaltyEnd }
}
