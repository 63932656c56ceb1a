import { z } from 'zod'
import { DEFAULT_PENALTY_DAYS, PUBLIC_RULES_MAX, QUEUE_NOTE_MAX } from './queue-limits'
import { clearableText, optionalText, orNull, requiredText } from './common'
import { ATTENDANCE_STATUSES, PLAYER_STATUSES, NIGHT_ATTENDANCE } from './enums'

export const QueueEntrySchema = z
  .object({
    id: z.uuid(),
    itemId: z.uuid(),
    playerId: z.uuid(),
    playerName: z.string(),
    playerNotes: z.string().nullable(),
    playerStatus: z.enum(PLAYER_STATUSES),
    /** 1..n over the entries shown (active players), in queue order. */
    position: z.number().int(),
    attendanceStatus: z.enum(ATTENDANCE_STATUSES),
    timesReceived: z.number().int(),
    timesAbsent: z.number().int(),
    penaltyUntil: z.string().nullable(),
    penaltyNote: z.string().nullable(),
    /** The penalty's reason is for officers only: the dashboard shows it marked, the public never gets it. */
    penaltyNotePrivate: z.boolean(),
    /** penaltyUntil is in the future (server clock). */
    isPenalized: z.boolean(),
    /** The player's rank level, 0 the highest; null: no rank (docs/decisions/018-ranks.md). */
    rankLevel: z.number().int().nullable(),
    /** The player is below the item's minimum rank: kept in the queue, never next, never awarded. */
    belowMinimumRank: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'QueueEntry' })

/**
 * The fields of an entry that tell how its player stands in the queue. The public queue and the player's
 * page show them as the entry has them, so they pick them from QueueEntrySchema with this mask.
 */
export const ENTRY_STANDING = {
  attendanceStatus: true,
  timesReceived: true,
  timesAbsent: true,
  penaltyUntil: true,
  penaltyNote: true,
  isPenalized: true,
} as const

/**
 * The last action of a queue that can still be undone, and enough to say which one it is before a member
 * takes it back: any officer may undo it (docs/product-rules.md, "Queue ordering"), so the button names the
 * player and, when another member acted, who did.
 */
const UndoOfferSchema = z
  .object({
    actionType: z.string(),
    expiresAt: z.string(),
    /** The player of an action on one entry (received, absent, added, removed…); null for a whole-queue one. */
    playerName: z.string().nullable(),
    /** How many players "add all" added; null for the other actions. */
    count: z.number().int().nullable(),
    /** Who acted: null once their account is gone. */
    actorUserId: z.string().nullable(),
    /** Their display name; null once they are no longer a member of the guild. */
    actorName: z.string().nullable(),
  })
  .meta({ id: 'UndoOffer' })
export type UndoOffer = z.infer<typeof UndoOfferSchema>

export const QueueViewSchema = z
  .object({
    itemId: z.uuid(),
    /** Counts the queue's writes: a change answered with version v follows the queue of version v − 1. */
    version: z.number().int(),
    entries: z.array(QueueEntrySchema),
    /** The last action that can still be undone, if any. */
    undo: orNull(UndoOfferSchema),
    /** The guild's "rank first": next in line is taken from the highest rank (contract/next-in-line.ts). */
    rankFirst: z.boolean(),
  })
  .meta({ id: 'QueueView' })

const queueNote = () => optionalText(QUEUE_NOTE_MAX)
/**
 * The note is for officers only (docs/decisions/019-public-visibility.md): kept and shown on the dashboard,
 * never sent outside it (public page, announcements, recaps, e-mails). Ignored, stored false, without a note.
 */
const notePrivate = () => z.boolean().optional()
/** The optional body of the one-entry actions (received, absent, not interested, penalty removed, remove). */
export const QueueActionNoteSchema = z
  .object({ note: queueNote(), notePrivate: notePrivate() })
  .meta({ id: 'QueueActionNote' })
/** The largest version a queue can reach (items.queue_version is a PostgreSQL integer). */
const QUEUE_VERSION_MAX = 2 ** 31 - 1
/**
 * The version of the queue the member acted on (QueueView.version, as their screen shows it): the action is
 * refused with QUEUE_CHANGED, writing nothing, when the queue has changed since (another officer acted
 * first). Without it, the action is not checked.
 */
const queueVersion = () => z.number().int().nonnegative().max(QUEUE_VERSION_MAX).nullish()
/** The optional body of the entry actions that move a player (received, absent, not interested, penalty removed). */
export const QueueActionSchema = QueueActionNoteSchema.extend({ queueVersion: queueVersion() }).meta({
  id: 'QueueAction',
})
export type QueueActionInput = z.input<typeof QueueActionSchema>
export type QueueActionNote = z.input<typeof QueueActionNoteSchema>
/**
 * A receipt's optional body: why, and the raid night the member saw running (the award is refused with
 * RAID_NIGHT_NOT_RUNNING when that night is no longer running; without it, the night running is used).
 */
export const ReceiveSchema = QueueActionSchema.extend({ raidNightId: z.uuid().nullish() }).meta({
  id: 'Receive',
})
export type ReceiveInput = z.input<typeof ReceiveSchema>

/** A player an award during a raid night passed over, and what the guild's rule did (docs/product-rules.md). */
export const PassedPlayerSchema = z
  .object({
    entryId: z.uuid(),
    playerName: z.string(),
    attendance: z.enum(NIGHT_ATTENDANCE),
    /** Marked absent in this queue (a no-show, when the guild chose so); otherwise kept their place. */
    markedAbsent: z.boolean(),
  })
  .meta({ id: 'PassedPlayer' })
export type PassedPlayer = z.infer<typeof PassedPlayerSchema>

/** An entry a write placed (added, or changed and moved), right after the shown entry `after` (null: first). */
export const PlacedEntrySchema = z
  .object({ entry: QueueEntrySchema.omit({ position: true }), after: z.uuid().nullable() })
  .meta({ id: 'PlacedEntry' })

/**
 * What a queue write answers. The writes that rewrite the order (a re-sort, a drag, an undo) and a request
 * that changed nothing answer the whole queue; the others only what they changed, so the answer does not
 * grow with the queue. `applyQueueChange` turns it into the new queue.
 */
export const QueueChangeSchema = z
  .object({
    itemId: z.uuid(),
    version: z.number().int(),
    undo: orNull(UndoOfferSchema),
    /** The whole queue, or null when the change is given by `placed` and `removed`. */
    queue: orNull(QueueViewSchema),
    /** In order: each goes right after its `after`, which is in the queue by then. */
    placed: z.array(PlacedEntrySchema),
    removed: z.array(z.uuid()),
    /** An award during a raid night: the players it passed over (not here), in queue order. */
    passed: z.array(PassedPlayerSchema).optional(),
  })
  .meta({ id: 'QueueChange' })

/**
 * "Add all" limited to players of chosen ranks: rank ids, and "none" for players without a rank. Missing: every
 * active player, whatever their rank.
 */
export const AddAllSchema = z
  .object({
    ranks: z
      .array(z.union([z.uuid(), z.literal('none')]))
      .min(1)
      .max(21)
      .optional(),
  })
  .meta({ id: 'AddAll' })
export type AddAllInput = z.infer<typeof AddAllSchema>

/**
 * An undo's optional body: the version of the queue whose last action the member chose to undo (the one the
 * undo button or toast named). Refused with UNDO_SUPERSEDED, writing nothing, when another action came since:
 * the undo would take back that one instead, and the one named is no longer the last, so it cannot be undone.
 */
export const UndoSchema = z
  .object({
    queueVersion: queueVersion(),
    /**
     * The member was told the award belongs to a completed night, whose recap already went out, and undoes it
     * anyway. Without it such an undo is refused (UNDO_AFTER_RECAP, naming the night) and nothing changes.
     */
    afterRecap: z.boolean().optional(),
  })
  .meta({ id: 'Undo' })

export const AddAllResultSchema = z
  .object({ added: z.number().int(), change: QueueChangeSchema })
  .meta({ id: 'AddAllResult' })

export const AddToQueueSchema = z.object({ playerId: z.uuid() }).meta({ id: 'AddToQueue' })

/** "Add to every queue" (a player's page): how many queues the player joined, and whose (0 and none: nothing written). */
export const AddedToEveryQueueSchema = z
  .object({ added: z.number().int(), itemIds: z.array(z.uuid()) })
  .meta({ id: 'AddedToEveryQueue' })
export type AddedToEveryQueue = z.infer<typeof AddedToEveryQueueSchema>
export const PenaltySchema = z
  .object({
    days: z.number().int().min(1).max(365).default(DEFAULT_PENALTY_DAYS),
    note: requiredText(QUEUE_NOTE_MAX),
    notePrivate: notePrivate(),
    queueVersion: queueVersion(),
  })
  .meta({ id: 'Penalty' })
/** The full order of the entries shown, first to last, and why (optional). */
export const ReorderSchema = z
  .object({
    entryIds: z.array(z.uuid()).max(2000),
    note: queueNote(),
    notePrivate: notePrivate(),
    /** The version of the queue the order was dragged on: refused (QUEUE_CHANGED) when it changed since. */
    queueVersion: queueVersion(),
  })
  .meta({ id: 'Reorder' })

export type QueueEntry = z.infer<typeof QueueEntrySchema>
export type QueueView = z.infer<typeof QueueViewSchema>
export type PlacedEntry = z.infer<typeof PlacedEntrySchema>
export type QueueChange = z.infer<typeof QueueChangeSchema>
export type AddAllResult = z.infer<typeof AddAllResultSchema>
export type PenaltyInput = z.input<typeof PenaltySchema>

/** The guild's public rules text (line breaks kept); empty or null clears them, and the field must be sent. */
export const PublicRulesInputSchema = z
  .object({ publicRules: clearableText(PUBLIC_RULES_MAX) })
  .meta({ id: 'PublicRulesInput' })
export const PublicRulesSchema = z.object({ publicRules: z.string().nullable() }).meta({ id: 'PublicRules' })
export type PublicRules = z.infer<typeof PublicRulesSchema>
