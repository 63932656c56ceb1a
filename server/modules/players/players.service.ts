import type { PlayerStatus } from '../../../contract/enums'
import type { Player, PlayersBatch } from '../../../contract/players'
import { repeatedNames, sortByName } from '../../../contract/names'
import type { DbOrTx } from '../../db/client'
import { lockGuildRow } from '../../db/guild-scope'
import type { Deps } from '../../deps'
import type { GuildActor } from '../../lib/actor'
import { AppError } from '../../lib/app-error'
import { refuseTakenName } from '../../lib/taken-name'
import { type AuditRow, insertAuditRow, insertAuditRows } from '../../platform/audit/audit.queries'
import { detachPlayerFromQueues, withRetry } from '../queues/queues.service'
import {
  deletePlayer as deletePlayerRow,
  findPlayer,
  findPlayersForUpdate,
  holdRank,
  insertPlayer,
  insertPlayers,
  listPlayers,
  playerNames,
  type PlayerValues,
  setPlayersRank,
  updatePlayer as updatePlayerRow,
} from './players.queries'

// Players of a guild. Inactive and expelled players keep their queue entries, hidden from queues.

type PlayerRow = Awaited<ReturnType<typeof listPlayers>>[number]

export function toPlayer(row: PlayerRow): Player {
  return {
    id: row.id,
    name: row.name,
    notes: row.notes,
    playerStatus: row.playerStatus as PlayerStatus,
    isActive: row.isActive,
    rankId: row.rankId,
    createdAt: row.createdAt.toISOString(),
  }
}

export async function getPlayers(deps: Deps, guildId: string) {
  return sortByName(
    await listPlayers(deps.database.db, guildId),
    (row) => row.name,
    (row) => row.id,
  ).map(toPlayer)
}

/** The player's input as stored: without a rank when none is given. */
type PlayerInputValues = Omit<PlayerValues, 'rankId'> & { rankId?: string | null }

/** A rank named for a player must be one of the guild's (404 RANK_NOT_FOUND: deleted meanwhile, or another's). */
async function checkRank(tx: DbOrTx, guildId: string, rankId: string | null | undefined) {
  if (rankId && !(await holdRank(tx, guildId, rankId))) throw new AppError('RANK_NOT_FOUND')
}

/** A new player's activity row, whether added alone or with others. */
const createdRow = (actor: GuildActor, player: PlayerRow, at: Date): AuditRow => ({
  ...actor,
  tableName: 'players',
  actionType: 'PLAYER_CREATE',
  recordId: player.id,
  description: `${player.name} (${player.playerStatus})`,
  at,
})

export async function createPlayer(deps: Deps, actor: GuildActor, input: PlayerInputValues) {
  const values: PlayerValues = { ...input, rankId: input.rankId ?? null }
  const row = await deps.database.db.transaction(async (tx) => {
    const now = deps.now()
    await lockGuildRow(tx, actor.guildId)
    refuseTakenName(await playerNames(tx, actor.guildId), values.name, 'PLAYER_NAME_TAKEN')
    await checkRank(tx, actor.guildId, values.rankId)
    const created = await insertPlayer(tx, actor.guildId, values)
    await insertAuditRow(tx, createdRow(actor, created, now))
    return created
  })
  await deps.realtime.publish({ guildId: actor.guildId, topic: 'players' })
  return toPlayer(row)
}

/**
 * Several players at once (a roster pasted one name per line), active, with one rank or none: all or nothing.
 * A name already a player's, or given twice in the list, case and accents aside, refuses the whole list with
 * every such name (409 PLAYER_NAMES_TAKEN), so the officer fixes them in one go. One audit row per player, as
 * when each is added alone.
 */
export async function createPlayers(deps: Deps, actor: GuildActor, input: PlayersBatch) {
  const rankId = input.rankId ?? null
  const rows = await deps.database.db.transaction(async (tx) => {
    const now = deps.now()
    await lockGuildRow(tx, actor.guildId)
    const existing = (await playerNames(tx, actor.guildId)).map((row) => row.name)
    const taken = repeatedNames(input.names, existing)
    if (taken.length > 0)
      throw new AppError('PLAYER_NAMES_TAKEN', {
        fields: { names: 'PLAYER_NAMES_TAKEN' },
        vars: { names: taken.join(', ') },
      })
    await checkRank(tx, actor.guildId, rankId)
    const created = await insertPlayers(
      tx,
      actor.guildId,
      input.names.map((name) => ({ name, notes: null, playerStatus: 'active' as const, rankId })),
    )
    await insertAuditRows(
      tx,
      created.map((row) => createdRow(actor, row, now)),
    )
    return created
  })
  await deps.realtime.publish({ guildId: actor.guildId, topic: 'players' })
  return { players: rows.map(toPlayer) }
}

/** Only the fields given change; a patch that changes nothing writes nothing. */
export async function updatePlayer(deps: Deps, actor: GuildActor, id: string, patch: Partial<PlayerValues>) {
  const { row, changed } = await deps.database.db.transaction(async (tx) => {
    // A new name is checked against the others under the guild's lock, taken first (as a create takes it).
    if (patch.name !== undefined) await lockGuildRow(tx, actor.guildId)
    const current = await findPlayer(tx, actor.guildId, id, 'no key update')
    if (!current) throw new AppError('NOT_FOUND')
    const changes = Object.fromEntries(
      Object.entries(patch).filter(
        ([key, value]) => value !== undefined && current[key as keyof PlayerValues] !== value,
      ),
    ) as Partial<PlayerValues>
    if (Object.keys(changes).length === 0) return { row: current, changed: false }
    if (changes.name !== undefined)
      refuseTakenName(await playerNames(tx, actor.guildId), changes.name, 'PLAYER_NAME_TAKEN', id)
    await checkRank(tx, actor.guildId, changes.rankId)
    const now = deps.now()
    const updated = await updatePlayerRow(tx, actor.guildId, id, { ...changes, updatedAt: now })
    await insertAuditRow(tx, {
      ...actor,
      tableName: 'players',
      actionType: 'PLAYER_UPDATE',
      recordId: id,
      description: describeChanges(current, changes),
      at: now,
    })
    return { row: updated!, changed: true }
  })
  if (changed) await deps.realtime.publish({ guildId: actor.guildId, topic: 'players' })
  return toPlayer(row)
}

function describeChanges(before: PlayerRow, changes: Partial<PlayerValues>): string {
  const parts: string[] = []
  if (changes.name !== undefined) parts.push(`${before.name} → ${changes.name}`)
  else parts.push(before.name)
  if (changes.playerStatus !== undefined) parts.push(`${before.playerStatus} → ${changes.playerStatus}`)
  const fields = [changes.notes !== undefined && 'notes', changes.rankId !== undefined && 'rank'].filter(
    Boolean,
  )
  if (fields.length > 0) parts.push(fields.join(', '))
  return parts.join(' · ')
}

/** Deletes the player and their queue entries; loot history keeps the name. */
export async function deletePlayer(deps: Deps, actor: GuildActor, id: string) {
  // In the rare lock cycle that remains (see detachPlayerFromQueues), PostgreSQL aborts one side: retried.
  await withRetry(() =>
    deps.database.db.transaction(async (tx) => {
      // The queues lock the player's items, then this row (FOR UPDATE: no new entry can reference it).
      const current = await detachPlayerFromQueues(tx, actor.guildId, id, () =>
        findPlayer(tx, actor.guildId, id, 'update'),
      )
      if (!current) throw new AppError('NOT_FOUND')
      await deletePlayerRow(tx, actor.guildId, id)
      await insertAuditRow(tx, {
        ...actor,
        tableName: 'players',
        actionType: 'PLAYER_DELETE',
        recordId: id,
        description: current.name,
        at: deps.now(),
      })
    }),
  )
  await deps.realtime.publish({ guildId: actor.guildId, topic: 'players' })
  await deps.realtime.publish({ guildId: actor.guildId, topic: 'queues' })
}

/**
 * Gives the selected players one rank (null: none), in one transaction: every id must be one of the guild's
 * players (404 otherwise, nothing changed) and the rank one of its ranks. Each player whose rank changes gets
 * its activity row; the answer counts them.
 */
export async function setRankOfPlayers(
  deps: Deps,
  actor: GuildActor,
  playerIds: readonly string[],
  rankId: string | null,
) {
  const ids = [...new Set(playerIds)]
  const now = deps.now()
  const changed = await deps.database.db.transaction(async (tx) => {
    const found = await findPlayersForUpdate(tx, actor.guildId, ids)
    if (found.length !== ids.length) throw new AppError('NOT_FOUND')
    await checkRank(tx, actor.guildId, rankId)
    const rows = await setPlayersRank(tx, actor.guildId, ids, rankId, now)
    await insertAuditRows(
      tx,
      rows.map((row) => ({
        ...actor,
        tableName: 'players',
        actionType: 'PLAYER_UPDATE' as const,
        recordId: row.id,
        description: `${row.name} · rank`,
        at: now,
      })),
    )
    return rows.length
  })
  if (changed > 0) await deps.realtime.publish({ guildId: actor.guildId, topic: 'players' })
  return { changed }
}
