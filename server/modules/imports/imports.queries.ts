import { and, asc, between, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import type { ImportedSettings } from '../../../contract/imports'
import {
  guildRanks,
  guilds,
  items,
  lootHistory,
  playerQueues,
  players,
  profiles,
  raidNightAttendance,
  raidNights,
} from '../../db/schema'
import type { NewItem, NewPlayer, NewReceipt } from './import-plan'
import type { NewMark, NewNight } from './import-plan-nights'
import type { NewRank } from './import-plan-ranks'

// The SQL of imports. Every function takes the guild: another guild's rows are never read or written.

export async function existingRanks(db: DbOrTx, guildId: string) {
  return db
    .select({ id: guildRanks.id, name: guildRanks.name })
    .from(guildRanks)
    .where(eq(guildRanks.guildId, guildId))
    .orderBy(asc(guildRanks.level))
}

/** The guild's settings an export carries, with the export's names. */
export async function existingSettings(db: DbOrTx, guildId: string): Promise<ImportedSettings> {
  const [row] = await db
    .select({
      rankFirst: guilds.rankFirst,
      publicShowNotes: guilds.publicShowNotes,
      publicShowCounters: guilds.publicShowCounters,
      publicQueueMode: guilds.publicQueueMode,
      publicQueueFirst: guilds.publicQueueFirst,
      publicShowAttendance: guilds.publicShowAttendance,
    })
    .from(guilds)
    .where(eq(guilds.id, guildId))
  return { ...row!, publicQueueMode: row!.publicQueueMode as ImportedSettings['publicQueueMode'] }
}

/** The guild's public rules (null: none; the rules form stores an empty text as null). */
export async function existingRules(db: DbOrTx, guildId: string): Promise<string | null> {
  const [row] = await db
    .select({ publicRules: guilds.publicRules })
    .from(guilds)
    .where(eq(guilds.id, guildId))
  return row?.publicRules?.trim() ? row.publicRules : null
}

/** New ranks, below the guild's (their levels are planned: import-plan-ranks.ts). */
export async function insertRanks(tx: DbOrTx, guildId: string, rows: NewRank[], at: Date) {
  if (rows.length === 0) return
  await tx.insert(guildRanks).values(
    rows.map((r) => ({
      id: r.id,
      guildId,
      name: r.name,
      level: r.level,
      createdAt: r.createdAt ?? at,
      updatedAt: at,
    })),
  )
}

export async function updateSettings(tx: DbOrTx, guildId: string, settings: ImportedSettings, at: Date) {
  await tx
    .update(guilds)
    .set({ ...settings, updatedAt: at })
    .where(eq(guilds.id, guildId))
}

export async function existingPlayers(db: DbOrTx, guildId: string) {
  return db
    .select({ id: players.id, name: players.name })
    .from(players)
    .where(eq(players.guildId, guildId))
    .orderBy(asc(players.createdAt), asc(players.id))
}

export async function existingItems(db: DbOrTx, guildId: string) {
  return db
    .select({ id: items.id, name: items.name, rarity: items.rarity, itemType: items.itemType })
    .from(items)
    .where(eq(items.guildId, guildId))
    .orderBy(asc(items.createdAt), asc(items.id))
}

/** Which players are in which item's queue (membership only: the import appends after them). */
export async function existingQueueMembers(db: DbOrTx, guildId: string) {
  return db
    .select({ itemId: playerQueues.itemId, playerId: playerQueues.playerId })
    .from(playerQueues)
    .where(eq(playerQueues.guildId, guildId))
}

/** Receipts stored between two instants (the dates an import covers), to leave out the ones it repeats. */
export async function receiptsBetween(db: DbOrTx, guildId: string, from: Date, to: Date) {
  return db
    .select({
      itemName: lootHistory.itemName,
      playerName: lootHistory.playerName,
      distributedAt: lootHistory.distributedAt,
    })
    .from(lootHistory)
    .where(and(eq(lootHistory.guildId, guildId), between(lootHistory.distributedAt, from, to)))
}

/** The guild's raid nights that start between two instants (the starts an import's nights cover). */
export async function nightsBetween(db: DbOrTx, guildId: string, from: Date, to: Date) {
  return db
    .select({ id: raidNights.id, name: raidNights.name, startsAt: raidNights.startsAt })
    .from(raidNights)
    .where(and(eq(raidNights.guildId, guildId), between(raidNights.startsAt, from, to)))
}

/** The marks on the guild's raid nights that start between two instants. */
export async function marksBetween(db: DbOrTx, guildId: string, from: Date, to: Date) {
  return db
    .select({ raidNightId: raidNightAttendance.raidNightId, playerId: raidNightAttendance.playerId })
    .from(raidNightAttendance)
    .innerJoin(raidNights, eq(raidNights.id, raidNightAttendance.raidNightId))
    .where(
      and(
        eq(raidNightAttendance.guildId, guildId),
        eq(raidNights.guildId, guildId),
        between(raidNights.startsAt, from, to),
      ),
    )
}

export async function memberNames(db: DbOrTx, guildId: string) {
  return db
    .select({ userId: profiles.userId, displayName: profiles.displayName })
    .from(profiles)
    .where(eq(profiles.guildId, guildId))
    .orderBy(asc(profiles.createdAt))
}

/** KEY SHARE, after the items: a player cannot be deleted while new rows point at them. Answers the count. */
export async function keySharePlayers(tx: DbOrTx, guildId: string, ids: string[]) {
  if (ids.length === 0) return 0
  const rows = await tx
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.guildId, guildId), inArray(players.id, ids)))
    .orderBy(asc(players.id))
    .for('key share')
  return rows.length
}

/**
 * KEY SHARE, after the players: a night new marks or receipts point at cannot be deleted meanwhile, and its
 * marks cannot change until the import commits (an attendance write locks its night FOR UPDATE first).
 * Answers the count.
 */
export async function keyShareNights(tx: DbOrTx, guildId: string, ids: string[]) {
  if (ids.length === 0) return 0
  const rows = await tx
    .select({ id: raidNights.id })
    .from(raidNights)
    .where(and(eq(raidNights.guildId, guildId), inArray(raidNights.id, ids)))
    .orderBy(asc(raidNights.id))
    .for('key share')
  return rows.length
}

/**
 * New rows go in as one JSON document per 5,000, which PostgreSQL unpacks itself (json_to_recordset): a
 * multi-row VALUES of 50,000 receipts is 500,000 parameters to build, send and parse.
 */
const BATCH = 5000

async function inBatches<T>(rows: T[], write: (json: string) => Promise<unknown>, shape: (row: T) => object) {
  for (let i = 0; i < rows.length; i += BATCH)
    await write(JSON.stringify(rows.slice(i, i + BATCH).map(shape)))
}

export async function insertPlayers(tx: DbOrTx, guildId: string, rows: NewPlayer[], at: Date) {
  await inBatches(
    rows,
    (json) =>
      tx.execute(sql`
        insert into ${players} (id, guild_id, name, notes, player_status, rank_id, created_at, updated_at)
        select r.id, ${guildId}::uuid, r.name, r.notes, r.player_status, r.rank_id, r.created_at,
          ${at.toISOString()}::timestamptz
        from json_to_recordset(${json}::json)
          as r(id uuid, name text, notes text, player_status text, rank_id uuid, created_at timestamptz)`),
    (r) => ({
      id: r.id,
      name: r.name,
      notes: r.notes,
      player_status: r.playerStatus,
      rank_id: r.rankId,
      created_at: (r.createdAt ?? at).toISOString(),
    }),
  )
}

export async function insertItems(tx: DbOrTx, guildId: string, rows: NewItem[], at: Date) {
  await inBatches(
    rows,
    (json) =>
      tx.execute(sql`
        insert into ${items} (id, guild_id, name, description, rarity, item_type, is_public_visible, min_rank_id,
          created_at, updated_at)
        select r.id, ${guildId}::uuid, r.name, r.description, r.rarity, r.item_type, r.is_public_visible,
          r.min_rank_id, r.created_at, ${at.toISOString()}::timestamptz
        from json_to_recordset(${json}::json) as r(id uuid, name text, description text, rarity text,
          item_type text, is_public_visible boolean, min_rank_id uuid, created_at timestamptz)`),
    (r) => ({
      id: r.id,
      min_rank_id: r.minRankId,
      name: r.name,
      description: r.description,
      rarity: r.rarity,
      item_type: r.itemType,
      is_public_visible: r.isPublicVisible,
      created_at: (r.createdAt ?? at).toISOString(),
    }),
  )
}

export async function insertReceipts(tx: DbOrTx, guildId: string, rows: NewReceipt[]) {
  await inBatches(
    rows,
    (json) =>
      tx.execute(sql`
        insert into ${lootHistory} (guild_id, item_id, player_id, item_name, item_rarity, item_type, player_name,
          distributed_by, notes, notes_private, previous_queue_position, distributed_at, event_id)
        select ${guildId}::uuid, r.item_id, r.player_id, r.item_name, r.item_rarity, r.item_type, r.player_name,
          r.distributed_by, r.notes, r.notes_private, r.previous_queue_position, r.distributed_at, r.event_id
        from json_to_recordset(${json}::json) as r(item_id uuid, player_id uuid, item_name text,
          item_rarity text, item_type text, player_name text, distributed_by text, notes text, notes_private boolean,
          previous_queue_position int, distributed_at timestamptz, event_id uuid)`),
    (r) => ({
      item_id: r.itemId,
      player_id: r.playerId,
      item_name: r.itemName,
      item_rarity: r.itemRarity,
      item_type: r.itemType,
      player_name: r.playerName,
      distributed_by: r.distributedBy,
      notes: r.notes,
      notes_private: r.notesPrivate,
      previous_queue_position: r.previousQueuePosition,
      distributed_at: r.distributedAt.toISOString(),
      event_id: r.eventId,
    }),
  )
}

/** Imported nights: nobody of this guild created them, and none has been announced here. */
export async function insertNights(tx: DbOrTx, guildId: string, rows: NewNight[], at: Date) {
  await inBatches(
    rows,
    (json) =>
      tx.execute(sql`
        insert into ${raidNights} (id, guild_id, name, description, starts_at, ends_at, status, created_at,
          updated_at)
        select r.id, ${guildId}::uuid, r.name, r.description, r.starts_at, r.ends_at, r.status, r.created_at,
          ${at.toISOString()}::timestamptz
        from json_to_recordset(${json}::json) as r(id uuid, name text, description text,
          starts_at timestamptz, ends_at timestamptz, status text, created_at timestamptz)`),
    (r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      starts_at: r.startsAt.toISOString(),
      ends_at: r.endsAt?.toISOString() ?? null,
      status: r.status,
      created_at: (r.createdAt ?? at).toISOString(),
    }),
  )
}

export async function insertMarks(tx: DbOrTx, guildId: string, rows: NewMark[], at: Date) {
  await inBatches(
    rows,
    (json) =>
      tx.execute(sql`
        insert into ${raidNightAttendance} (raid_night_id, guild_id, player_id, status, updated_at)
        select r.raid_night_id, ${guildId}::uuid, r.player_id, r.status, ${at.toISOString()}::timestamptz
        from json_to_recordset(${json}::json) as r(raid_night_id uuid, player_id uuid, status text)`),
    (r) => ({ raid_night_id: r.raidNightId, player_id: r.playerId, status: r.status }),
  )
}
