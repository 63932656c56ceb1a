import type { Rarity } from '../../../contract/enums'
import type { NewReceipt, PlanContext } from './import-plan'
import type { NightLookup } from './import-plan-nights'
import type { HistoryRecord } from './import-records'
import { fold } from './import-values'

/**
 * A receipt's key: the same item and player at the same second (our CSV exports keep whole seconds). A guild
 * may hold several of one key; they are counted (planHistory).
 */
export const historyKey = (itemName: string, playerName: string, at: Date) =>
  `${fold(itemName)}|${fold(playerName)}|${Math.floor(at.getTime() / 1000)}`

/** Distributor names listed in a preview at most. */
const UNKNOWN_DISTRIBUTORS_LISTED = 20

/**
 * Receipts to add: each points at its item and player (a JSON receipt of a deleted one keeps only the
 * name, as the export had it) and at the raid night it was awarded in, found by its id in the file
 * (import-plan-nights.ts). "Distributed by" names a member of this guild by display name, or nobody.
 */
export function planHistory(records: HistoryRecord[], ctx: PlanContext, nights: NightLookup) {
  const { problems, counts } = ctx
  const members = new Map(ctx.existing.members.map((m) => [fold(m.displayName), m.userId]))
  const unknownDistributors = new Set<string>()
  const receipts: NewReceipt[] = []
  // Receipts of one key so far in the files. Our JSON export holds what happened: two receipts of one item
  // by one player in one second (two officers at once) are two, matched one for one with the guild's. In a
  // CSV, typed or pasted, a second such line is a repeated line.
  const seen = new Map<string, number>()
  for (const record of records) {
    const { where } = record
    const item = record.item ? ctx.findItem(record.item) : null
    const player = record.player ? ctx.findPlayer(record.player) : null
    const json = where.section !== null
    if (item === undefined)
      problems.push({
        ...where,
        code: 'unknownItem',
        field: json ? 'itemId' : 'item',
        value: record.itemName,
      })
    if (player === undefined) {
      const field = json ? 'playerId' : 'player'
      problems.push({ ...where, code: 'unknownPlayer', field, value: record.playerName })
    }
    const night = record.night ? nights.find(record.night.key) : null
    if (night === undefined)
      problems.push({ ...where, code: 'unknownRaidNight', field: 'eventId', value: record.night!.id })
    if (item === undefined || player === undefined || night === undefined) continue
    const key = historyKey(record.itemName, record.playerName, record.distributedAt)
    const nth = (seen.get(key) ?? 0) + 1
    if (nth > 1 && !json) {
      const value = `${record.itemName} · ${record.playerName}`
      problems.push({ ...where, code: 'duplicateHistory', field: null, value })
      continue
    }
    seen.set(key, nth)
    if (nth <= (ctx.existing.history.get(key) ?? 0)) {
      counts.history.existing++
      continue
    }
    let distributedBy: string | null = null
    if (record.distributedByName) {
      distributedBy = members.get(fold(record.distributedByName)) ?? null
      if (!distributedBy && unknownDistributors.size < UNKNOWN_DISTRIBUTORS_LISTED)
        unknownDistributors.add(record.distributedByName)
    }
    const details = item ? ctx.items.get(item.id) : undefined
    receipts.push({
      itemId: item ? ctx.use(item, 'item') : null,
      playerId: player ? ctx.use(player, 'player') : null,
      itemName: record.itemName,
      itemRarity: (record.itemRarity === undefined
        ? (details?.rarity ?? null)
        : record.itemRarity) as Rarity | null,
      itemType: record.itemType === undefined ? (details?.itemType ?? null) : record.itemType,
      playerName: record.playerName,
      distributedBy,
      notes: record.notes,
      notesPrivate: record.notesPrivate,
      previousQueuePosition: record.previousQueuePosition,
      distributedAt: record.distributedAt,
      eventId: night ? nights.use(night) : null,
    })
    counts.history.create++
  }
  return { receipts, unknownDistributors: [...unknownDistributors] }
}
