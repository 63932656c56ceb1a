import { IMPORT_SAMPLE_ROWS, type ImportPreview } from '../../../contract/imports'
import type { NewEntry, PlanContext } from './import-plan'
import type { QueueRecord } from './import-records'

type Planned = NewEntry & { position: number; order: number }

/**
 * New queue entries per item, ordered by the positions the files give (file order breaks no tie: two
 * equal positions in one item are a problem). A player already in the queue keeps their place.
 */
export function planQueues(records: QueueRecord[], ctx: PlanContext) {
  const { problems, counts } = ctx
  const perItem = new Map<string, { entries: Planned[]; positions: Set<number> }>()
  const pairs = new Set<string>()
  records.forEach((record, order) => {
    const { where, field } = record
    const item = ctx.findItem(record.item)
    const player = ctx.findPlayer(record.player)
    if (!item) problems.push({ ...where, code: 'unknownItem', field, value: record.item.name })
    if (!player) {
      const playerField = 'key' in record.player ? 'playerId' : field
      problems.push({ ...where, code: 'unknownPlayer', field: playerField, value: record.player.name })
    }
    if (!item || !player) return
    const pair = `${item.id}|${player.id}`
    if (pairs.has(pair)) {
      // A player named twice (José, jose) has a place in each queue from each row: their one problem says to
      // keep one row, not once more per queue (it was 25 lines more for a file of 25 queues: an outside test).
      if (!ctx.duplicatedPlayers.has(player.id))
        problems.push({ ...where, code: 'duplicateQueueEntry', field, value: player.name })
      return
    }
    pairs.add(pair)
    const queue = perItem.get(item.id) ?? { entries: [], positions: new Set<number>() }
    perItem.set(item.id, queue)
    if (queue.positions.has(record.position)) {
      problems.push({ ...where, code: 'duplicatePosition', field, value: String(record.position) })
      return
    }
    queue.positions.add(record.position)
    if (ctx.existing.queues.get(item.id)?.includes(player.id)) {
      counts.queueEntries.existing++
      return
    }
    const { attendanceStatus, timesReceived, timesAbsent, penaltyUntil, penaltyNote, createdAt } = record
    const { penaltyNotePrivate } = record
    queue.entries.push({
      playerId: ctx.use(player, 'player'),
      attendanceStatus,
      timesReceived,
      timesAbsent,
      penaltyUntil,
      penaltyNote,
      penaltyNotePrivate,
      createdAt,
      position: record.position,
      order,
    })
    ctx.use(item, 'item')
    counts.queueEntries.create++
  })

  const queues: { itemId: string; entries: NewEntry[] }[] = []
  const sample: ImportPreview['sample']['queueEntries'] = []
  for (const [itemId, queue] of perItem) {
    if (queue.entries.length === 0) continue
    const entries = queue.entries.toSorted((a, b) => a.position - b.position || a.order - b.order)
    queues.push({ itemId, entries: entries.map(({ position, order, ...entry }) => entry) })
    const after = ctx.existing.queues.get(itemId)?.length ?? 0
    for (const [i, entry] of entries.entries()) {
      if (sample.length >= IMPORT_SAMPLE_ROWS) break
      sample.push({
        itemName: ctx.items.get(itemId)!.name,
        playerName: ctx.playerNames.get(entry.playerId)!,
        position: after + i + 1,
      })
    }
  }
  return { queues, sample }
}
