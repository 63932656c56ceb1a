import { sql } from 'drizzle-orm'
import {
  bigserial,
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
import { ANNOUNCE_EVENTS, DISABLED_REASONS } from '../../../contract/integrations'
import { LANGUAGES, INTEGRATION_KINDS } from '../../../contract/enums'
import { NOTIFY_EVENTS } from '../../../contract/notifications'
import { user } from './auth'
import { ownedByGuild } from './guilds'
import { checkIn, createdAt, language, timestamps, timestamptz, uuidPrimaryKey } from './util'

// A guild's Discord webhook and generic signed webhook (docs/decisions/011-integrations.md). The URL and the
// signing secret are sealed with a key derived from AUTH_SECRET: a dump or a copy of the database holds
// neither in clear.
export const guildIntegrations = pgTable(
  'guild_integrations',
  {
    id: uuidPrimaryKey(),
    guildId: ownedByGuild(),
    kind: text('kind').notNull(),
    urlSealed: text('url_sealed').notNull(),
    secretSealed: text('secret_sealed'),
    events: text('events').array().notNull().default(sql`'{}'::text[]`),
    language: language(),
    disabledReason: text('disabled_reason'),
    disabledStatus: integer('disabled_status'),
    disabledAt: timestamptz('disabled_at'),
    lastSentAt: timestamptz('last_sent_at'),
    ...timestamps(),
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
// It also carries a member's notification e-mails (docs/decisions/020-notifications.md): such a row names
// the recipient (`user_id`) instead of an integration, and its `dedupe_key` makes it once per member.
export const integrationOutbox = pgTable(
  'integration_outbox',
  {
    id: uuidPrimaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    guildId: ownedByGuild(),
    integrationId: uuid('integration_id').references(() => guildIntegrations.id, { onDelete: 'cascade' }),
    /** A notification e-mail's recipient (their account going takes the message with it). */
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    /** A notification's identity (`reminder:<night>:<start>`): the same one is written once per recipient. */
    dedupeKey: text('dedupe_key'),
    event: text('event').notNull(),
    /** The announced action's item and time: an undo finds the announcement of the action it undoes. */
    itemId: uuid('item_id'),
    actionAt: timestamptz('action_at'),
    /** Language-neutral (contract/integrations.ts Announcement); rendered when sent. */
    announcement: jsonb('announcement').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Due time; while a sender holds the message, the end of its lease. */
    nextAttemptAt: timestamptz('next_attempt_at').notNull(),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    sentAt: timestamptz('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('integration_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('integration_outbox_pending_idx').on(t.integrationId, t.seq).where(sql`${t.status} = 'pending'`),
    index('integration_outbox_guild_idx').on(t.guildId, t.createdAt),
    index('integration_outbox_action_idx').on(t.itemId, t.actionAt),
    uniqueIndex('integration_outbox_dedupe_idx')
      .on(t.userId, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
    check('integration_outbox_target_check', sql`(${t.integrationId} is null) <> (${t.userId} is null)`),
    checkIn('integration_outbox_event_check', t.event, [...ANNOUNCE_EVENTS, ...NOTIFY_EVENTS]),
    checkIn('integration_outbox_status_check', t.status, OUTBOX_STATUSES),
  ],
)
