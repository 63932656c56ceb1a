import { and, asc, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { sharedNote } from '../../db/officers-only'
import { lootHistory } from '../../db/schema'

// The SQL of a completed night's recap. Every function takes the guild id and filters by it.

/** The night's awards in the order they were made, with their notes. */
export async function recapAwards(db: DbOrTx, guildId: string, nightId: string) {
  return db
    .select({
      itemName: lootHistory.itemName,
      itemRarity: lootHistory.itemRarity,
      playerName: lootHistory.playerName,
      // An officers-only note stays on the dashboard (every recap reads this).
      notes: sharedNote(lootHistory.notes, lootHistory.notesPrivate),
      distributedAt: lootHistory.distributedAt,
    })
    .from(lootHistory)
    .where(and(eq(lootHistory.guildId, guildId), eq(lootHistory.eventId, nightId)))
    .orderBy(asc(lootHistory.distributedAt), asc(lootHistory.id))
}
