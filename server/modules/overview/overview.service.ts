import type { Rarity } from '../../../contract/enums'
import type { Overview } from '../../../contract/overview'
import type { Deps } from '../../deps'
import { nextUpByItem, overviewCounters } from './overview.queries'

export async function getOverview(deps: Deps, guildId: string): Promise<Overview> {
  const db = deps.database.db
  const counters = await overviewCounters(db, guildId)
  const rows = await nextUpByItem(db, guildId, deps.now())
  return {
    ...counters,
    nextUp: rows.map((row) => ({
      itemId: row.itemId,
      itemName: row.itemName,
      rarity: row.rarity as Rarity | null,
      player: row.playerId && row.playerName ? { id: row.playerId, name: row.playerName } : null,
      queueCount: row.queueCount ?? 0,
    })),
  }
}
