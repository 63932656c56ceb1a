import type { AuditAction } from '../../../contract/enums'
import type { Deps } from '../../app-env'
import { AppError } from '../../lib/app-error'
import { moveToEndOfGroup } from './queue-placement'
import { shownBefore, shownPositionSql } from './queue-placement.queries'
import { insertHistory } from './queue-undo.queries'
import { addressedEntry, type QueueActor, type QueueWriteContext, runQueueWrite } from './queue-write'
import type { EntryFields, EntryRow } from './queues.queries'

// Actions on one entry. Each changes the entry's fields, then moves it to the end of its group.
// Audit descriptions are language-neutral (names, numbers); the action type carries the meaning.

type EntryEffect = {
  fields: EntryFields
  actionType: AuditAction
  description: string
  historyId?: string
  note?: string | null
}

async function actOnEntry(
  deps: Deps,
  actor: QueueActor,
  entryId: string,
  effect: (entry: EntryRow, ctx: QueueWriteContext) => Promise<EntryEffect> | EntryEffect,
) {
  const { answer } = await runQueueWrite(deps, actor, { entryId }, async (ctx) => {
    const entry = addressedEntry(ctx)
    // Entries of inactive or expelled players are hidden from queues, so they cannot be acted on.
    if (!entry.playerActive) throw new AppError('PLAYER_INACTIVE')
    const { fields, actionType, description, historyId, note } = await effect(entry, ctx)
    const placement = await moveToEndOfGroup(ctx, entry, fields)
    return {
      change: {
        actionType,
        record: { table: 'player_queues', id: entry.id },
        description,
        historyId,
        note,
        ...placement,
      },
      result: null,
    }
  })
  return answer
}

const label = (ctx: QueueWriteContext, entry: EntryRow) => `${ctx.item.name} · ${entry.playerName}`

function refuseNotInterested(entry: EntryRow) {
  if (entry.attendanceStatus === 'not_interested') throw new AppError('NOT_INTERESTED_ENTRY')
}

/** The position the member saw: among the shown entries only. */
async function shownPosition(ctx: QueueWriteContext, entry: EntryRow): Promise<number> {
  return (await shownBefore(ctx.tx, ctx.actor.guildId, ctx.item.id, entry.queuePosition)) + 1
}

export function markReceived(deps: Deps, actor: QueueActor, entryId: string, note: string | null = null) {
  return actOnEntry(deps, actor, entryId, async (entry, ctx) => {
    refuseNotInterested(entry)
    // The position is counted by the insert itself: one statement less on the hottest write.
    const receipt = await insertHistory(ctx.tx, {
      guildId: actor.guildId,
      itemId: ctx.item.id,
      playerId: entry.playerId,
      itemName: ctx.item.name,
      itemRarity: ctx.item.rarity,
      itemType: ctx.item.itemType,
      playerName: entry.playerName,
      distributedBy: actor.userId,
      previousQueuePosition: shownPositionSql(ctx.tx, actor.guildId, ctx.item.id, entry.queuePosition),
      notes: note,
      at: ctx.now,
    })
    return {
      fields: { attendanceStatus: 'received', timesReceived: entry.timesReceived + 1 },
      actionType: 'ITEM_RECEIVED',
      description: `${ctx.item.name} → ${entry.playerName} (#${receipt.previousQueuePosition})`,
      historyId: receipt.id,
      note,
    }
  })
}

export function markAbsent(deps: Deps, actor: QueueActor, entryId: string, note: string | null = null) {
  return actOnEntry(deps, actor, entryId, async (entry, ctx) => {
    refuseNotInterested(entry)
    return {
      fields: { attendanceStatus: 'absent', timesAbsent: entry.timesAbsent + 1 },
      actionType: 'PLAYER_ABSENT',
      description: `${label(ctx, entry)} (#${await shownPosition(ctx, entry)})`,
      note,
    }
  })
}

/** not_interested ⇄ pending. Any other status may also declare no interest. */
export function toggleNotInterested(
  deps: Deps,
  actor: QueueActor,
  entryId: string,
  note: string | null = null,
) {
  return actOnEntry(deps, actor, entryId, (entry, ctx) =>
    entry.attendanceStatus === 'not_interested'
      ? {
          fields: { attendanceStatus: 'pending' },
          actionType: 'PLAYER_INTERESTED',
          description: label(ctx, entry),
          note,
        }
      : {
          fields: { attendanceStatus: 'not_interested' },
          actionType: 'PLAYER_NOT_INTERESTED',
          description: label(ctx, entry),
          note,
        },
  )
}

export function penalize(
  deps: Deps,
  actor: QueueActor,
  entryId: string,
  input: { days: number; note: string },
) {
  return actOnEntry(deps, actor, entryId, (entry, ctx) => ({
    fields: { penaltyUntil: new Date(ctx.now.getTime() + input.days * 86_400_000), penaltyNote: input.note },
    actionType: 'PLAYER_PENALIZED',
    // The reason is the audit row's note (older rows kept it at the end of the description).
    description: `${label(ctx, entry)} · ${input.days}d`,
    note: input.note,
  }))
}

export function removePenalty(deps: Deps, actor: QueueActor, entryId: string, note: string | null = null) {
  return actOnEntry(deps, actor, entryId, (entry, ctx) => {
    // A lapsed penalty can still be cleared (its note goes with it); no penalty at all cannot.
    if (entry.penaltyUntil === null) throw new AppError('NO_PENALTY')
    return {
      fields: { penaltyUntil: null, penaltyNote: null },
      actionType: 'PLAYER_PENALTY_REMOVED',
      description: label(ctx, entry),
      note,
    }
  })
}
