import { sortByName } from '../../../contract/names'
import type { Rarity } from '../../../contract/enums'
import type { Item, ItemsSummary } from '../../../contract/items'
import type { DbOrTx } from '../../db/client'
import { lockGuildRow } from '../../db/guild-scope'
import type { Deps } from '../../deps'
import type { GuildActor } from '../../lib/actor'
import { AppError } from '../../lib/app-error'
import { refuseTakenName } from '../../lib/taken-name'
import { insertAuditRow } from '../../platform/audit/audit.queries'
import {
  deleteItem as deleteItemRow,
  findItemWithCount,
  insertItem,
  itemNames,
  type ItemValues,
  itemsSummary,
  listItems,
  updateItem as updateItemRow,
} from './items.queries'
import { holdRank } from '../players/players.queries'
import { lockItem } from '../queues/queue-item.queries'

type ItemRow = Awaited<ReturnType<typeof listItems>>[number]

export function toItem(row: Omit<ItemRow, 'queueCount'> & { queueCount?: number }): Item {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    rarity: row.rarity as Rarity | null,
    itemType: row.itemType,
    isPublicVisible: row.isPublicVisible,
    minRankId: row.minRankId,
    queueCount: row.queueCount ?? 0,
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * Newest first; items created together (an import's, one transaction's instant) by name, not by their ids,
 * which read as a shuffle (outside tester J: "neither the file's order nor alphabetical").
 */
export async function getItems(deps: Deps, guildId: string) {
  const byName = sortByName(
    await listItems(deps.database.db, guildId),
    (row) => row.name,
    (row) => row.id,
  )
  return byName.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map(toItem)
}

export async function getItemsSummary(deps: Deps, guildId: string, todayStart: Date): Promise<ItemsSummary> {
  return itemsSummary(deps.database.db, guildId, todayStart)
}

/**
 * A minimum rank named for an item must be one of the guild's (404 RANK_NOT_FOUND: deleted meanwhile, or
 * another guild's), held until the write commits (holdRank: a delete of it waits, then lifts the minimum).
 */
async function checkMinRank(tx: DbOrTx, guildId: string, rankId: string | null | undefined) {
  if (rankId && !(await holdRank(tx, guildId, rankId))) throw new AppError('RANK_NOT_FOUND')
}

type ItemInputValues = Omit<ItemValues, 'isPublicVisible' | 'minRankId'> & { minRankId?: string | null }

export async function createItem(deps: Deps, actor: GuildActor, input: ItemInputValues) {
  const row = await deps.database.db.transaction(async (tx) => {
    const now = deps.now()
    await lockGuildRow(tx, actor.guildId)
    refuseTakenName(await itemNames(tx, actor.guildId), input.name, 'ITEM_NAME_TAKEN')
    await checkMinRank(tx, actor.guildId, input.minRankId)
    // Visible on the public page from the start (docs/product-rules.md, "Public page").
    const created = await insertItem(
      tx,
      actor.guildId,
      { ...input, minRankId: input.minRankId ?? null, isPublicVisible: true },
      now,
    )
    await insertAuditRow(tx, {
      ...actor,
      tableName: 'items',
      actionType: 'ITEM_CREATE',
      recordId: created.id,
      description: created.name,
      at: now,
    })
    return created
  })
  await deps.realtime.publish({ guildId: actor.guildId, topic: 'items', itemId: row.id })
  return toItem(row)
}

/**
 * Only the fields given change. A change of the public visibility alone is audited as
 * ITEM_VISIBILITY_CHANGE, any other change as ITEM_UPDATE; a patch that changes nothing writes nothing.
 */
export async function updateItem(deps: Deps, actor: GuildActor, id: string, patch: Partial<ItemValues>) {
  const changed = await deps.database.db.transaction(async (tx) => {
    // A new name is checked against the others under the guild's lock, taken first (as a create takes it).
    if (patch.name !== undefined) await lockGuildRow(tx, actor.guildId)
    const current = await lockItem(tx, actor.guildId, id)
    if (!current) throw new AppError('NOT_FOUND')
    const changes = Object.fromEntries(
      Object.entries(patch).filter(
        ([key, value]) => value !== undefined && current[key as keyof ItemValues] !== value,
      ),
    ) as Partial<ItemValues>
    const keys = Object.keys(changes)
    if (keys.length === 0) return false
    if (changes.name !== undefined)
      refuseTakenName(await itemNames(tx, actor.guildId), changes.name, 'ITEM_NAME_TAKEN', id)
    await checkMinRank(tx, actor.guildId, changes.minRankId)
    const now = deps.now()
    await updateItemRow(tx, actor.guildId, id, changes, now)
    const visibilityOnly = keys.length === 1 && changes.isPublicVisible !== undefined
    await insertAuditRow(tx, {
      ...actor,
      tableName: 'items',
      actionType: visibilityOnly ? 'ITEM_VISIBILITY_CHANGE' : 'ITEM_UPDATE',
      recordId: id,
      description: visibilityOnly
        ? `${current.name} · ${changes.isPublicVisible ? 'public' : 'hidden'}`
        : describeChanges(current, changes),
      at: now,
    })
    return true
  })
  if (changed) await deps.realtime.publish({ guildId: actor.guildId, topic: 'items', itemId: id })
  const row = await findItemWithCount(deps.database.db, actor.guildId, id)
  if (!row) throw new AppError('NOT_FOUND')
  return toItem(row)
}

function describeChanges(before: { name: string }, changes: Partial<ItemValues>): string {
  const name = changes.name !== undefined ? `${before.name} → ${changes.name}` : before.name
  // Field codes as the activity log puts them into words (contract/activity-description.ts DESCRIBED_FIELDS).
  const fields = Object.keys(changes)
    .filter((key) => key !== 'name')
    .map((key) => (key === 'minRankId' ? 'minRank' : key))
  return fields.length > 0 ? `${name} · ${fields.join(', ')}` : name
}

export async function deleteItem(deps: Deps, actor: GuildActor, id: string) {
  await deps.database.db.transaction(async (tx) => {
    // Locked first: a queue action in progress finishes, the next one finds no item (404).
    const current = await lockItem(tx, actor.guildId, id)
    if (!current) throw new AppError('NOT_FOUND')
    await deleteItemRow(tx, actor.guildId, id)
    await insertAuditRow(tx, {
      ...actor,
      tableName: 'items',
      actionType: 'ITEM_DELETE',
      recordId: id,
      description: current.name,
      at: deps.now(),
    })
  })
  await deps.realtime.publish({ guildId: actor.guildId, topic: 'items', itemId: id })
  await deps.realtime.publish({ guildId: actor.guildId, topic: 'queues', itemId: id })
}
