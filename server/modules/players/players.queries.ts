import { and, eq, inArray, ne, or, isNull, sql } from 'drizzle-orm'
import type { PlayerStatus } from '../../../contract/enums'
import type { DbOrTx } from '../../db/client'
import { isGuildRow } from '../../db/guild-scope'
import { guildRanks, players } from '../../db/schema'

/** In no order: the service sorts them by name (contract/names.ts). */
export async function listPlayers(db: DbOrTx, guildId: string) {
  return db.select().from(players).where(eq(players.guildId, guildId))
}

/** The guild's player names, to tell a new name from theirs (server/lib/taken-name.ts). */
export async function playerNames(db: DbOrTx, guildId: string) {
  return db.select({ id: players.id, name: players.name }).from(players).where(eq(players.guildId, guildId))
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

export type PlayerValues = {
  name: string
  notes: string | null
  playerStatus: PlayerStatus
  rankId: string | null
}

export async function insertPlayer(tx: DbOrTx, guildId: string, values: PlayerValues) {
  const [row] = await insertPlayers(tx, guildId, [values])
  return row!
}

/** Several players in one statement, in the order given. */
export async function insertPlayers(tx: DbOrTx, guildId: string, values: readonly PlayerValues[]) {
  return tx
    .insert(players)
    .values(values.map((value) => ({ guildId, ...value })))
    .returning()
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

/**
 * The guild's rank `rankId`, held until the transaction ends (KEY SHARE: a delete of it waits, then leaves the
 * player written meanwhile without a rank, as it does every holder); undefined when it is not the guild's.
 */
export async function holdRank(tx: DbOrTx, guildId: string, rankId: string) {
  const [row] = await tx
    .select({ id: guildRanks.id, name: guildRanks.name })
    .from(guildRanks)
    .where(isGuildRow(guildRanks, guildId, rankId))
    .for('key share')
  return row
}

/** The guild's players among `ids`, locked for the change (another guild's are simply not among them). */
export async function findPlayersForUpdate(tx: DbOrTx, guildId: string, ids: readonly string[]) {
  return tx
    .select({ id: players.id, name: players.name, rankId: players.rankId })
    .from(players)
    .where(and(eq(players.guildId, guildId), inArray(players.id, [...ids])))
    .for('no key update')
}

/** Gives `ids` the rank (null: none), writing only the players whose rank changes; answers them. */
export async function setPlayersRank(
  tx: DbOrTx,
  guildId: string,
  ids: readonly string[],
  rankId: string | null,
  now: Date,
) {
  const differs =
    rankId === null
      ? sql`${players.rankId} is not null`
      : or(isNull(players.rankId), ne(players.rankId, rankId))
  return tx
    .update(players)
    .set({ rankId, updatedAt: now })
    .where(and(eq(players.guildId, guildId), inArray(players.id, [...ids]), differs))
    .returning({ id: players.id, name: players.name })
}
