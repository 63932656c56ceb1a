import {
  MAX_RANKS,
  MINIMUM_ITEMS_NAMED,
  type Rank,
  type RankDeleted,
  type RankFirst,
} from '../../../contract/ranks'
import type { DbOrTx } from '../../db/client'
import { lockGuildRow } from '../../db/guild-scope'
import type { Deps } from '../../deps'
import type { GuildActor } from '../../lib/actor'
import { AppError } from '../../lib/app-error'
import { refuseTakenName } from '../../lib/taken-name'
import { insertAuditRow } from '../../platform/audit/audit.queries'
import { saidNames } from '../../lib/i18n'
import {
  deleteRank as deleteRankRow,
  findRankFirst,
  itemsWithMinimum,
  lockRankForDelete,
  insertRank,
  listRanks,
  renameRank as renameRankRow,
  setRankLevels,
  updateRankFirst,
} from './ranks.queries'

// A guild's ranks (docs/product-rules.md, "Ranks"; docs/decisions/018-ranks.md). Every write locks the guild's
// ranks first, so the limit, the unique names and the levels 0..n-1 hold whatever runs at once. A rank change
// alters the players list and the queues (a player's rank orders them), so it is published as a players change.

export async function getRanks(deps: Deps, guildId: string): Promise<Rank[]> {
  return listRanks(deps.database.db, guildId)
}

async function lockedRanks(tx: DbOrTx, guildId: string) {
  await lockGuildRow(tx, guildId)
  return listRanks(tx, guildId)
}

const published = (deps: Deps, guildId: string) => deps.realtime.publish({ guildId, topic: 'players' })

/** A new rank below every other one. */
export async function createRank(deps: Deps, actor: GuildActor, name: string): Promise<Rank> {
  const now = deps.now()
  const created = await deps.database.db.transaction(async (tx) => {
    const ranks = await lockedRanks(tx, actor.guildId)
    if (ranks.length >= MAX_RANKS) throw new AppError('RANK_LIMIT_REACHED')
    refuseTakenName(ranks, name, 'RANK_NAME_TAKEN')
    const { id } = await insertRank(tx, actor.guildId, name, ranks.length, now)
    await insertAuditRow(tx, {
      ...actor,
      tableName: 'guild_ranks',
      actionType: 'RANK_CREATE',
      recordId: id,
      description: name,
      at: now,
    })
    return { id, name, level: ranks.length, playerCount: 0, minimumOf: { count: 0, names: [] } }
  })
  await published(deps, actor.guildId)
  return created
}

/** The same name (case included) writes nothing. */
export async function renameRank(deps: Deps, actor: GuildActor, id: string, name: string): Promise<Rank> {
  const now = deps.now()
  const { rank, changed } = await deps.database.db.transaction(async (tx) => {
    const ranks = await lockedRanks(tx, actor.guildId)
    const current = ranks.find((r) => r.id === id)
    if (!current) throw new AppError('NOT_FOUND')
    if (current.name === name) return { rank: current, changed: false }
    refuseTakenName(ranks, name, 'RANK_NAME_TAKEN', id)
    await renameRankRow(tx, actor.guildId, id, name, now)
    await insertAuditRow(tx, {
      ...actor,
      tableName: 'guild_ranks',
      actionType: 'RANK_RENAME',
      recordId: id,
      description: `${current.name} → ${name}`,
      at: now,
    })
    return { rank: { ...current, name }, changed: true }
  })
  if (changed) await published(deps, actor.guildId)
  return rank
}

/**
 * `rankIds`: every rank of the guild, highest first (409 RANK_ORDER_MISMATCH otherwise: someone added or
 * deleted one meanwhile). The levels are rewritten in one statement; the same order writes nothing.
 */
export async function reorderRanks(deps: Deps, actor: GuildActor, rankIds: readonly string[]) {
  const now = deps.now()
  const { ranks, changed } = await deps.database.db.transaction(async (tx) => {
    const current = await lockedRanks(tx, actor.guildId)
    const known = new Set(current.map((rank) => rank.id))
    const permutation =
      rankIds.length === current.length &&
      new Set(rankIds).size === rankIds.length &&
      rankIds.every((id) => known.has(id))
    if (!permutation) throw new AppError('RANK_ORDER_MISMATCH')
    if (rankIds.every((id, level) => current[level]!.id === id)) return { ranks: current, changed: false }
    await setRankLevels(tx, actor.guildId, rankIds, now)
    const byId = new Map(current.map((rank) => [rank.id, rank]))
    const reordered = rankIds.map((id, level) => ({ ...byId.get(id)!, level }))
    await insertAuditRow(tx, {
      ...actor,
      tableName: 'guild_ranks',
      actionType: 'RANK_REORDER',
      recordId: null,
      // Highest first, as the ranks screen lists them.
      description: reordered.map((rank) => rank.name).join(' > '),
      at: now,
    })
    return { ranks: reordered, changed: true }
  })
  if (changed) await published(deps, actor.guildId)
  return ranks
}

/**
 * Its players keep no rank; the ranks below it move up a level. Says how many players held it. A rank that
 * items take as their minimum is refused (409 RANK_IS_ITEM_MINIMUM, naming them): deleting it would open them
 * to everyone (docs/decisions/018-ranks.md); their minimum is changed first.
 */
export async function deleteRank(deps: Deps, actor: GuildActor, id: string): Promise<RankDeleted> {
  const now = deps.now()
  const playersCleared = await deps.database.db.transaction(async (tx) => {
    const ranks = await lockedRanks(tx, actor.guildId)
    const current = ranks.find((r) => r.id === id)
    if (!current) throw new AppError('NOT_FOUND')
    const holders = await lockRankForDelete(tx, actor.guildId, id)
    const minimumOf = await itemsWithMinimum(tx, actor.guildId, id, MINIMUM_ITEMS_NAMED)
    if (minimumOf.count > 0)
      throw new AppError('RANK_IS_ITEM_MINIMUM', {
        vars: {
          count: minimumOf.count,
          items: (language) => saidNames(language, minimumOf.names, minimumOf.count),
        },
      })
    await deleteRankRow(tx, actor.guildId, id)
    const remaining = ranks.filter((r) => r.id !== id).map((r) => r.id)
    await setRankLevels(tx, actor.guildId, remaining, now)
    await insertAuditRow(tx, {
      ...actor,
      tableName: 'guild_ranks',
      actionType: 'RANK_DELETE',
      recordId: id,
      description: `${current.name} · holders ${holders}`,
      at: now,
    })
    return holders
  })
  await published(deps, actor.guildId)
  return { playersCleared }
}

export async function getRankFirst(deps: Deps, guildId: string): Promise<RankFirst> {
  return { rankFirst: await findRankFirst(deps.database.db, guildId) }
}

/**
 * The guild's "rank first" (docs/decisions/018-ranks.md), one activity row when it changes ("on" or "off").
 * It changes who is next in every queue: published as the ranks are, as a players change.
 */
export async function setRankFirst(deps: Deps, actor: GuildActor, rankFirst: boolean): Promise<RankFirst> {
  const now = deps.now()
  const changed = await deps.database.db.transaction(async (tx) => {
    await lockGuildRow(tx, actor.guildId)
    if (!(await updateRankFirst(tx, actor.guildId, rankFirst, now))) return false
    await insertAuditRow(tx, {
      ...actor,
      tableName: 'guilds',
      actionType: 'RANK_FIRST_UPDATE',
      recordId: actor.guildId,
      description: rankFirst ? 'on' : 'off',
      at: now,
    })
    return true
  })
  if (changed) await published(deps, actor.guildId)
  return { rankFirst }
}
