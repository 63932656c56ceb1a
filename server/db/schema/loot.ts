import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { ATTENDANCE_STATUSES, PLAYER_STATUSES, RARITIES } from '../../../contract/enums'
import { user } from './auth'
import { ownedByGuild } from './guilds'
import { raidNights } from './raid-nights'
import { guildRanks } from './ranks'
import { checkIn, createdAt, folded, timestamps, timestamptz, trigramIndex, uuidPrimaryKey } from './util'

export const players = pgTable(
  'players',
  {
    id: uuidPrimaryKey(),
    guildId: ownedByGuild(),
    name: text('name').notNull(),
    notes: text('notes'),
    playerStatus: text('player_status').notNull().default('active'),
    // Derived, so it can never disagree with the status.
    isActive: boolean('is_active').notNull().generatedAlwaysAs(sql`player_status = 'active'`),
    /** The player's rank (null: none); deleting the rank leaves its players without one. */
    rankId: uuid('rank_id').references(() => guildRanks.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('players_guild_id_idx').on(t.guildId, t.name),
    index('players_rank_id_idx').on(t.rankId),
    checkIn('players_status_check', t.playerStatus, PLAYER_STATUSES),
  ],
)

export const items = pgTable(
  'items',
  {
    id: uuidPrimaryKey(),
    guildId: ownedByGuild(),
    name: text('name').notNull(),
    description: text('description'),
    rarity: text('rarity'),
    itemType: text('item_type'),
    isPublicVisible: boolean('is_public_visible').notNull().default(true),
    /**
     * The lowest rank that may receive the item (null: anyone; docs/decisions/018-ranks.md). Deleting the rank
     * lifts the minimum.
     */
    minRankId: uuid('min_rank_id').references(() => guildRanks.id, { onDelete: 'set null' }),
    // The queue's state, on the row every queue write locks (docs/decisions/001-queue-ordering.md): a
    // counter of its writes, and the span of time over which its stored order is known to be sorted by
    // group (null: not known), so a rule action can move one entry instead of re-sorting them all.
    queueVersion: integer('queue_version').notNull().default(0),
    queueSortedFrom: timestamptz('queue_sorted_from'),
    queueSortedUntil: timestamptz('queue_sorted_until'),
    // No entry of the queue has a key below this (null: not known): where counting the entries before one
    // may start, past the dead index entries that receipts leave at the head (migration 0012).
    queueLowKey: bigint('queue_low_key', { mode: 'number' }),
    ...timestamps(),
  },
  (t) => [
    index('items_guild_id_idx').on(t.guildId, t.createdAt),
    index('items_min_rank_id_idx').on(t.minRankId),
    checkIn('items_rarity_check', t.rarity, RARITIES),
  ],
)

export const playerQueues = pgTable(
  'player_queues',
  {
    id: uuidPrimaryKey(),
    guildId: ownedByGuild(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    // An ordering key, not the position: sparse, so one entry moves by changing its own key. Positions
    // (1..n over the entries shown) are derived on read. Unique per item through a DEFERRABLE constraint
    // (custom migration 0008: drizzle cannot declare one), so a re-sort rewrites keys in one statement.
    queuePosition: bigint('queue_position', { mode: 'number' }).notNull(),
    attendanceStatus: text('attendance_status').notNull().default('pending'),
    timesReceived: integer('times_received').notNull().default(0),
    timesAbsent: integer('times_absent').notNull().default(0),
    penaltyUntil: timestamptz('penalty_until'),
    penaltyNote: text('penalty_note'),
    /** The penalty's reason is for officers only: never sent outside the dashboard (decision 019). */
    penaltyNotePrivate: boolean('penalty_note_private').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    check(
      'player_queues_penalty_note_private_check',
      sql`not penalty_note_private or penalty_note is not null`,
    ),
    unique('player_queues_item_player_unique').on(t.itemId, t.playerId),
    // Where each group ends, found without reading the queue (queue-placement.queries.ts). The predicates
    // are written as literals in those queries too, or PostgreSQL cannot use these indexes.
    index('player_queues_item_not_interested_idx')
      .on(t.itemId, t.queuePosition)
      .where(sql`attendance_status = 'not_interested'`),
    index('player_queues_item_done_idx')
      .on(t.itemId, t.queuePosition)
      .where(sql`attendance_status in ('received', 'absent')`),
    index('player_queues_item_penalty_idx')
      .on(t.itemId, t.penaltyUntil)
      .where(sql`penalty_until is not null and attendance_status <> 'not_interested'`),
    index('player_queues_guild_id_idx').on(t.guildId),
    index('player_queues_player_id_idx').on(t.playerId),
    checkIn('player_queues_attendance_check', t.attendanceStatus, ATTENDANCE_STATUSES),
  ],
)

// History keeps names as they were so a deleted item or player still reads correctly.
export const lootHistory = pgTable(
  'loot_history',
  {
    id: uuidPrimaryKey(),
    guildId: ownedByGuild(),
    itemId: uuid('item_id').references(() => items.id, { onDelete: 'set null' }),
    playerId: uuid('player_id').references(() => players.id, { onDelete: 'set null' }),
    itemName: text('item_name').notNull(),
    itemRarity: text('item_rarity'),
    itemType: text('item_type'),
    playerName: text('player_name').notNull(),
    /** Who handed it out: a member's user id, kept after they leave (former_members names them then). */
    distributedBy: text('distributed_by'),
    notes: text('notes'),
    /** The award's note is for officers only: never sent outside the dashboard (decision 019). */
    notesPrivate: boolean('notes_private').notNull().default(false),
    previousQueuePosition: integer('previous_queue_position'),
    distributedAt: timestamptz('distributed_at').notNull().defaultNow(),
    /** The raid night (the specification's event) the item was handed out in, if one was running. */
    eventId: uuid('event_id').references(() => raidNights.id, { onDelete: 'set null' }),
    itemNameFolded: folded('item_name_folded', 'item_name'),
    playerNameFolded: folded('player_name_folded', 'player_name'),
  },
  (t) => [
    check('loot_history_notes_private_check', sql`not notes_private or notes is not null`),
    index('loot_history_guild_date_idx').on(t.guildId, t.distributedAt),
    index('loot_history_item_date_idx').on(t.itemId, t.distributedAt),
    trigramIndex('loot_history_item_name_trgm_idx', t.itemNameFolded),
    trigramIndex('loot_history_player_name_trgm_idx', t.playerNameFolded),
    // A player's page lists what they received, newest first.
    index('loot_history_player_date_idx').on(t.playerId, t.distributedAt),
    // A night's awards, and the history filtered by night.
    index('loot_history_event_idx').on(t.eventId, t.distributedAt).where(sql`event_id is not null`),
    checkIn('loot_history_rarity_check', t.itemRarity, RARITIES),
  ],
)

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuidPrimaryKey(),
    guildId: ownedByGuild(),
    /**
     * Who acted: a member's user id, kept after they leave so the row still names them (former_members);
     * null for the system (billing provider, integration sender). No foreign key, so deleting the account
     * does not blank it.
     */
    userId: text('user_id'),
    actionType: text('action_type').notNull(),
    tableName: text('table_name').notNull(),
    recordId: text('record_id'),
    description: text('description').notNull(),
    /** Why, as typed with a queue action (an award's note is also in loot_history.notes). */
    note: text('note'),
    /** The note is for officers only: never sent outside the dashboard (decision 019). */
    notePrivate: boolean('note_private').notNull().default(false),
    createdAt: createdAt(),
    descriptionFolded: folded('description_folded', 'description'),
    /** The raid night an action belongs to: the night's own changes, and entry actions while it ran. */
    eventId: uuid('event_id').references(() => raidNights.id, { onDelete: 'set null' }),
    /**
     * When a queue undo took this action back: the undone action's own row and, for an award during a night,
     * its passes (server/modules/queues/queue-undo.queries.ts markUndone). Null: not undone (or undone before
     * migration 0038, which marked nothing).
     */
    undoneAt: timestamptz('undone_at'),
    /**
     * The order rows were written in, which breaks a tie of `created_at` in the activity log (newest first,
     * then the latest written: history.queries.ts activityOrder). An award during a night writes its passes and
     * then its own row at one instant (lq_queue_entry_action): the log lists the award, then its passes in
     * queue order. The id, random, listed them in any order (an outside tester's report, 2026-12-07).
     */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [
    check('audit_logs_note_private_check', sql`not note_private or note is not null`),
    // The activity log's pages and export batches, in its order: read off the index, nothing sorted.
    index('audit_logs_guild_date_idx').on(t.guildId, t.createdAt, t.seq),
    // The activity search also finds rows by author and by action label (history.queries.ts); with the
    // guild beside the author, a search's count of an author's rows reads this index alone.
    index('audit_logs_user_guild_idx').on(t.userId, t.guildId),
    index('audit_logs_guild_action_idx').on(t.guildId, t.actionType),
    trigramIndex('audit_logs_description_trgm_idx', t.descriptionFolded),
    // The public page reads each queue entry's latest action (its reason) by the entry's id, and a player's
    // page the rows of their queue entries (record_id = entry id) without scanning the log.
    index('audit_logs_record_idx').on(t.recordId, t.createdAt),
    // The activity log filtered by night.
    index('audit_logs_event_idx').on(t.eventId, t.createdAt, t.seq).where(sql`event_id is not null`),
    // Whether an award already logged tonight's kept place of an entry (lq_queue_entry_action): one probe
    // among the nights' kept places only, whatever the guild's or the entry's log holds.
    index('audit_logs_night_pass_idx').on(t.eventId, t.recordId).where(sql`action_type = 'PLAYER_PASSED'`),
  ],
)

export const accessLogs = pgTable(
  'access_logs',
  {
    id: uuidPrimaryKey(),
    guildId: ownedByGuild(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('access_logs_guild_date_idx').on(t.guildId, t.createdAt)],
)

// The last queue action per item can be undone: the snapshot holds what it changed, as it was before.
export const queueUndo = pgTable(
  'queue_undo',
  {
    id: uuidPrimaryKey(),
    guildId: ownedByGuild(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    actionType: text('action_type').notNull(),
    snapshot: jsonb('snapshot').notNull(),
    historyId: uuid('history_id'),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /**
     * The player of an action on one entry (null for a whole-queue one), so the queue can say whose action
     * it offers to undo (lq_finish_queue_write). No foreign key: a deleted player is simply not found.
     */
    playerId: uuid('player_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('queue_undo_item_unique').on(t.itemId), index('queue_undo_guild_idx').on(t.guildId)],
)
