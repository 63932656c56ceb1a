import { z } from 'zod'
import { orNull } from './common'
import { PLAYER_STATUSES, PUBLIC_ATTENDANCE_STATUSES, RARITIES, NIGHT_ATTENDANCE } from './enums'
import { LootHistoryRowSchema } from './history'
import { PublicSlugParamSchema } from './public'
import { ATTENDANCE_WINDOW_DAYS } from './raid-nights'
import { ENTRY_STANDING, QueueEntrySchema } from './queues'

// One player's page: their place in every queue, what they received, and why they moved. The same shape
// for the public page (/guilds/:slug/players/:id: public items only, active players only) and for members
// on the dashboard (every item, every player).

/** How many moves and receipts a page lists (newest first). */
export const STANDING_MOVES_LISTED = 30
export const STANDING_RECEIPTS_LISTED = 50

/** What moved the player, from the activity log of their queue entries and of their queues. */
export const MOVE_KINDS = [
  'added',
  'received',
  'absent',
  'notInterested',
  'interested',
  'penalized',
  'penaltyRemoved',
  'reordered',
  'undone',
  // An award during a raid night passed the player over: their place kept, or marked absent in that queue.
  'passed',
  'passedAbsent',
] as const
export type MoveKind = (typeof MOVE_KINDS)[number]

export const PlayerQueuePlaceSchema = z
  .object({
    itemId: z.uuid(),
    itemName: z.string(),
    rarity: z.enum(RARITIES).nullable(),
    itemType: z.string().nullable(),
    isPublicVisible: z.boolean(),
    /** 1..n among the queue's shown entries (active players); null while the player is not active. */
    position: z.number().int().nullable(),
    /** Entries shown in the queue. */
    queueLength: z.number().int(),
    /**
     * Who gets the item first (contract/next-in-line.ts): pending players ahead in the queue, without an active
     * penalty, not below the item's minimum rank; with "rank first", everyone who receives first: every player
     * of a higher rank who can receive, pending or not, and of the same rank those before this player in
     * next-in-line order. During a raid night, only those here tonight count (the night passes over the
     * others).
     */
    pendingAhead: z.number().int(),
    /**
     * The raid night running now (docs/decisions/016-raid-nights.md): the player's place among who could
     * receive tonight (`place`, as the public queue's "#3 tonight": contract/next-in-line.ts tonightPlaces), or
     * null when the night marks them away (never why). Null when no night runs, the player has no place, or
     * they are here but below the item's minimum rank (counted in nobody's place, their own included).
     */
    tonight: orNull(z.object({ place: z.number().int().nullable() })),
    /** This player is the queue's next in line. */
    isNext: z.boolean(),
    /** Below the item's minimum rank: in the queue, never next (docs/decisions/018-ranks.md). */
    belowMinimumRank: z.boolean(),
    /** The name of the item's minimum rank; null: anyone may receive it. */
    minRankName: z.string().nullable(),
    /**
     * The guild's "rank first": `pendingAhead` then counts players of a higher rank further down the queue too,
     * and the page says why they come first.
     */
    rankFirst: z.boolean(),
    /** Attendance, penalty and counts, as the player's entry in this queue has them. */
    ...QueueEntrySchema.pick(ENTRY_STANDING).shape,
    /** `had_turn` on the public page for received and absent when the guild hides counters. */
    attendanceStatus: z.enum(PUBLIC_ATTENDANCE_STATUSES),
    /** Null on the public page when the guild hides counters (contract/public-visibility.ts). */
    timesReceived: z.number().int().nullable(),
    timesAbsent: z.number().int().nullable(),
    /** The penalty's reason is for officers only: the dashboard marks it; absent on the public page. */
    penaltyNotePrivate: z.boolean().optional(),
  })
  .meta({ id: 'PlayerQueuePlace' })

/** A loot history row as the player's page lists it: less the player (the page's own), the giver and the type. */
export const PlayerReceiptSchema = LootHistoryRowSchema.omit({
  playerId: true,
  playerName: true,
  distributedByName: true,
  distributedByFormer: true,
  itemType: true,
  eventId: true,
}).meta({ id: 'PlayerReceipt' })

export const PlayerMoveSchema = z
  .object({
    id: z.uuid(),
    at: z.string(),
    kind: z.enum(MOVE_KINDS),
    itemId: z.uuid(),
    itemName: z.string(),
    /** Why, as typed with the action (a penalty's reason). */
    note: z.string().nullable(),
    /** The note is for officers only: the dashboard marks it; absent on the public page, which never gets it. */
    notePrivate: z.boolean().optional(),
    /** A penalty: when it ends. */
    until: z.string().nullable(),
    /** An undo: what it took back, when known. */
    undid: z.enum(MOVE_KINDS).nullable(),
    /**
     * An undo of another player's action (it moved this one back too): that player's name; null when it was
     * this player's own action, a whole-queue action, or not known (undone before 2026-12-06).
     */
    undidFor: z.string().nullable(),
    /**
     * An undo later took this action back (its activity row is marked: server/modules/queues/queue-undo.queries.ts,
     * markUndone), an undone award's passes too; false for actions undone before 2026-12-07, which no row marks.
     */
    undone: z.boolean(),
    /**
     * A pass: the night it happened in, and the player's mark on it (null on the public page, which says who
     * was not here, never why: docs/product-rules.md, "Raid nights").
     */
    pass: orNull(z.object({ night: z.string(), attendance: orNull(z.enum(NIGHT_ATTENDANCE)) })),
  })
  .meta({ id: 'PlayerMove' })

/**
 * The player's attendance share (docs/product-rules.md, "Raid nights: around the night"): the events of the
 * last ATTENDANCE_WINDOW_DAYS that have started and were not cancelled, from when the player was created (a
 * night not over by then counts: the player was added while it ran), and any earlier one where the player has
 * a mark (a night filled in afterwards, an imported one).
 * Present and late count as attended, no-show as missed; excused and unmarked count for nobody; bench is
 * counted apart.
 */
export const PlayerAttendanceSchema = z
  .object({
    /** Present or late. */
    attended: z.number().int(),
    /** No-show. */
    missed: z.number().int(),
    /** On the bench: in neither of the two. */
    bench: z.number().int(),
    /** attended / (attended + missed), 0..1; null when no event counted. */
    share: z.number().nullable(),
    windowDays: z.literal(ATTENDANCE_WINDOW_DAYS),
  })
  .meta({ id: 'PlayerAttendance' })

export const PlayerStandingSchema = z
  .object({
    player: z.object({ id: z.uuid(), name: z.string(), playerStatus: z.enum(PLAYER_STATUSES) }),
    /** Every queue the player is in, by item name. */
    queues: z.array(PlayerQueuePlaceSchema),
    /** Newest first, at most STANDING_RECEIPTS_LISTED. */
    received: z.array(PlayerReceiptSchema),
    /** Null on the public page when the guild hides counters (the list is then empty too). */
    receivedTotal: z.number().int().nullable(),
    /** Newest first, at most STANDING_MOVES_LISTED. */
    moves: z.array(PlayerMoveSchema),
    /** Null when the guild held no event in the window (it does not run raid nights), or hides shares. */
    attendance: orNull(PlayerAttendanceSchema),
    /**
     * The public page only: what the guild hides from the public (contract/public-visibility.ts), so the page
     * can say why something is missing. Absent on the dashboard, which shows everything.
     */
    hidden: z.object({ notes: z.boolean(), counters: z.boolean(), attendance: z.boolean() }).optional(),
    /**
     * The guild's time zone (an IANA id): the page's dates are the reader's, and say so to a reader whose
     * clock reads otherwise (docs/product-rules.md, "Raid nights").
     */
    timeZone: z.string(),
    /**
     * When the page stops being right without any write (ISO): the raid night running now ends, or the next
     * one starts; null when neither is ahead. The page reads itself again then.
     */
    checkAgainAt: z.string().nullable(),
  })
  .meta({ id: 'PlayerStanding' })

/**
 * A public player page's address. The id is any text here: one that is not a player id (a link cut short) names
 * no player, and is answered 404 as an unknown one is, behind the same gate (server/modules/public/
 * public-player.service.ts), never 400: there is no field a visitor could correct.
 */
export const PublicPlayerParamSchema = PublicSlugParamSchema.extend({ playerId: z.string() })

export type PlayerStanding = z.infer<typeof PlayerStandingSchema>
export type PlayerQueuePlace = z.infer<typeof PlayerQueuePlaceSchema>
export type PlayerMove = z.infer<typeof PlayerMoveSchema>
export type PlayerReceipt = z.infer<typeof PlayerReceiptSchema>
export type PlayerAttendance = z.infer<typeof PlayerAttendanceSchema>
