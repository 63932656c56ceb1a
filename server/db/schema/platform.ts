import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { guilds, ownedByGuild } from './guilds'
import { checkIn, createdAt, language, timestamptz, uuidPrimaryKey } from './util'

// E-mails when no SMTP_URL is set; readable at /dev/outbox outside production.
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuidPrimaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.createdAt)],
)

// One row per billing provider event id: makes webhook handling idempotent.
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  guildId: uuid('guild_id').references(() => guilds.id, { onDelete: 'cascade' }),
  payload: jsonb('payload').notNull(),
  processedAt: timestamptz('processed_at').notNull().defaultNow(),
})

// The sandbox billing provider's checkout and portal sessions (no STRIPE_SECRET_KEY): the local pages read
// them, and paying one produces the same provider events Stripe would.
export const billingSandboxSessions = pgTable(
  'billing_sandbox_sessions',
  {
    id: text('id').primaryKey(),
    guildId: ownedByGuild(),
    kind: text('kind').notNull(),
    interval: text('interval'),
    language: language(),
    status: text('status').notNull().default('open'),
    createdAt: createdAt(),
  },
  (t) => [
    index('billing_sandbox_sessions_guild_id_idx').on(t.guildId),
    checkIn('billing_sandbox_sessions_kind_check', t.kind, ['subscription', 'extra_invite', 'portal']),
    checkIn('billing_sandbox_sessions_status_check', t.status, ['open', 'paid', 'cancelled']),
  ],
)
