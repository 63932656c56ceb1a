import { sql } from 'drizzle-orm'
import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { RAID_NIGHT_STATUSES } from '../../../contract/raid-nights'
import { user } from './auth'
import { ownedByGuild } from './guilds'
import { players } from './loot'
import { checkIn, timestamps, timestamptz, uuidPrimaryKey } from './util'
import { NIGHT_ATTENDANCE } from '../../../contract/enums'

// Raid nights (docs/decisions/016-raid-nights.md). A night belongs to its guild; a later "team" column can
// say which raid team it is for without changing what is here (PRODUCT.md keeps several teams open).
export const raidNights = pgTable(
  'raid_nights',
  {
    id: uuidPrimaryKey(),
    guildId: ownedByGuild(),
    name: text('name').notNull(),
    description: text('description'),
    startsAt: timestamptz('starts_at').notNull(),
    /** Optional; without it the night runs NIGHT_DEFAULT_HOURS (contract/raid-nights.ts). */
    endsAt: timestamptz('ends_at'),
    status: text('status').notNull().default('active'),
    /**
     * When "the night started" was put in the outbox (server/modules/raid-nights/night-starts.ts): once per
     * start; a night moved to a later start is announced again when that one passes.
     */
    startAnnouncedAt: timestamptz('start_announced_at'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('raid_nights_guild_starts_idx').on(t.guildId, t.startsAt),
    // The night running now: the active night of the guild that started last (every entry action asks).
    index('raid_nights_guild_active_idx').on(t.guildId, t.startsAt).where(sql`status = 'active'`),
    // The active nights by start, across guilds: every process looks every few seconds for those that have
    // just started, to announce them (server/modules/raid-nights/night-starts.ts).
    index('raid_nights_active_starts_idx').on(t.startsAt).where(sql`status = 'active'`),
    checkIn('raid_nights_status_check', t.status, RAID_NIGHT_STATUSES),
  ],
)

// One row per player marked on a night; a player without a row is not marked (counts as present for the
// queues, for nobody's attendance share).
export const raidNightAttendance = pgTable(
  'raid_night_attendance',
  {
    raidNightId: uuid('raid_night_id')
      .notNull()
      .references(() => raidNights.id, { onDelete: 'cascade' }),
    guildId: ownedByGuild(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.raidNightId, t.playerId] }),
    // A player's attendance share reads their rows of the last weeks.
    index('raid_night_attendance_player_idx').on(t.playerId),
    index('raid_night_attendance_guild_idx').on(t.guildId),
    checkIn('raid_night_attendance_status_check', t.status, NIGHT_ATTENDANCE),
  ],
)
