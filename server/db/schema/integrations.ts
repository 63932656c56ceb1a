import { sql } from 'drizzle-orm'
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { ANNOUNCE_EVENTS, DISABLED_REASONS, INTEGRATION_KINDS } from '../../../contract/integrations'
import { LANGUAGES } from '../../../contract/enums'
import { ownedByGuild } from './guilds'
import { checkIn, createdAt, updatedAt } from './util'

// A guild's Discord webhook and generic signed webhook (docs/decisions/011-integrations.md). The URL and the
// signing secret are sealed with a key derived from AUTH_SECRET: a dump or a copy of the database holds
// neither in clear.
export const guildIntegrations = pgTable(
  'guild_integrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    guildId: ownedByGuild(),
    kind: text('kind').notNull(),
    urlSealed: text('url_sealed').notNull(),
    secretSealed: text('secret_sealed'),
    events: text('events').array().notNull().default(sql`'{}'::text[]`),
    language: text('language').notNull().default('pt'),
    disabledReason: text('disabled_reason'),
    disabledStatus: integer('disabled_status'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('guild_integrations_guild_kind_unique').on(t.guildId, t.kind),
    checkIn('guild_integrations_kind_check', t.kind, INTEGRATION_KINDS),
    checkIn('guild_integrations_language_check', t.language, LANGUAGES),
    checkIn('guild_integrations_disabled_reason_check', t.disabledReason, DISABLED_REASONS),
  ],
)

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'cancelled'] as const

// One row per message and integration, written in the transaction of the action it announces, sent after
// the commit by the sender (server/platform/integrations). `seq` keeps each integration's messages in order.
export const integrationOutbox = pgTable(
  'integration_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    guildId: ownedByGuild(),
    integrationId: uuid('integration_id')
      .notNull()
      .references(() => guildIntegrations.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    /** The announced action's item and time: an undo finds the announcement of the action it undoes. */
    itemId: uuid('item_id'),
    actionAt: timestamp('action_at', { withTimezone: true }),
    /** Language-neutral (contract/integrations.ts Announcement); rendered when sent. */
    announcement: jsonb('announcement').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Due time; while a sender holds the message, the end of its lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('integration_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('integration_outbox_pending_idx').on(t.integrationId, t.seq).where(sql`${t.status} = 'pending'`),
    index('integration_outbox_guild_idx').on(t.guildId, t.createdAt),
    index('integration_outbox_action_idx').on(t.itemId, t.actionAt),
    checkIn('integration_outbox_event_check', t.event, ANNOUNCE_EVENTS),
    checkIn('integration_outbox_status_check', t.status, OUTBOX_STATUSES),
  ],
)
