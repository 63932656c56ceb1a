import { eq } from 'drizzle-orm'
import type { PlayerStatus } from '../../../contract/enums'
import type { DbOrTx } from '../../db/client'
import { isGuildRow } from '../../db/guild-scope'
import { players } from '../../db/schema'

/** In no order: the service sorts them by name (contract/names.ts). */
export async function listPlayers(db: DbOrTx, guildId: string) {
  return db.select().from(players).where(eq(players.guildId, guildId))
}

/**
 * `lock`: 'update' before a deletion (no new queue entry can reference the player until the transaction
 * ends); 'no key update' before an edit (queues may still reference it meanwhile).
 */
export async function findPlayer(db: DbOrTx, guildId: string, id: string, lock?: 'update' | 'no key update') {
  const query = db
    .select()
    .from(players)
    .where(isGuildRow(players, guildId, id))
  const [row] = lock ? await query.for(lock) : await query
  return row
}

export type PlayerValues = { name: string; notes: string | null; playerStatus: PlayerStatus }

export async function insertPlayer(tx: DbOrTx, guildId: string, values: PlayerValues) {
  const [row] = await tx
    .insert(players)
    .values({ guildId, ...values })
    .returning()
  return row!
}

export async function updatePlayer(
  tx: DbOrTx,
  guildId: string,
  id: string,
  values: Partial<PlayerValues> & { updatedAt: Date },
) {
  const [row] = await tx
    .update(players)
    .set(values)
    .where(isGuildRow(players, guildId, id))
    .returning()
  return row
}

export async function deletePlayer(tx: DbOrTx, guildId: string, id: string) {
  await tx.delete(players).where(isGuildRow(players, guildId, id))
}
