import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import {
  BILLING_INTERVALS,
  INVITATION_STATUSES,
  LANGUAGES,
  ROLES,
  SUBSCRIPTION_STATUSES,
  PUBLIC_QUEUE_MODES,
  NO_SHOW_RULES,
} from '../../../contract/enums'
import {
  DEFAULT_PUBLIC_VISIBILITY,
  PUBLIC_QUEUE_FIRST_MAX,
  PUBLIC_QUEUE_FIRST_MIN,
} from '../../../contract/public-visibility'
import { DEFAULT_TIME_ZONE } from '../../../contract/raid-nights'
import { user } from './auth'
import { checkIn, createdAt, language, timestamps, timestamptz, uuidPrimaryKey } from './util'

export const guilds = pgTable(
  'guilds',
  {
    id: uuidPrimaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    adminUserId: text('admin_user_id').references(() => user.id, { onDelete: 'set null' }),
    subscriptionStatus: text('subscription_status').notNull().default('trialing'),
    subscriptionEndDate: timestamptz('subscription_end_date'),
    publicAccessPassword: text('public_access_password'),
    publicRules: text('public_rules'),
    extraInvites: integer('extra_invites').notNull().default(0),
    billingCustomerId: text('billing_customer_id'),
    billingSubscriptionId: text('billing_subscription_id'),
    billingInterval: text('billing_interval'),
    /** When the provider produced the subscription event last applied: an older event never wins. */
    subscriptionSyncedAt: timestamptz('subscription_synced_at'),
    /**
     * When an `active` subscription's scheduled cancellation takes effect (docs/decisions/003-billing.md): Pro
     * until then. null: the status alone decides (a `past_due` one has no Pro until it is paid).
     */
    subscriptionAccessUntil: timestamptz('subscription_access_until'),
    /** What the guild subscribed at, in the currency's smallest unit, as the provider charges it. */
    billingAmountCents: integer('billing_amount_cents'),
    billingCurrency: text('billing_currency'),
    /** Raid nights' dates and times are typed and shown in this zone (docs/decisions/016-raid-nights.md). */
    timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
    /** What an award during a night does to a no-show ahead of the winner (contract/raid-nights.ts). */
    noShowRule: text('no_show_rule').notNull().default('keep'),
    /** The secret of the guild's calendar feed URL (null: none made yet). */
    calendarToken: text('calendar_token').unique(),
    /** Next in line goes by rank first, the queue's order within a rank (docs/decisions/018-ranks.md). */
    rankFirst: boolean('rank_first').notNull().default(false),
    // What the public page shows (contract/public-visibility.ts; docs/decisions/019-public-visibility.md).
    publicShowNotes: boolean('public_show_notes').notNull().default(DEFAULT_PUBLIC_VISIBILITY.showNotes),
    publicShowCounters: boolean('public_show_counters')
      .notNull()
      .default(DEFAULT_PUBLIC_VISIBILITY.showCounters),
    publicQueueMode: text('public_queue_mode').notNull().default(DEFAULT_PUBLIC_VISIBILITY.queueMode),
    publicQueueFirst: integer('public_queue_first').notNull().default(DEFAULT_PUBLIC_VISIBILITY.queueFirst),
    publicShowAttendance: boolean('public_show_attendance')
      .notNull()
      .default(DEFAULT_PUBLIC_VISIBILITY.showAttendance),
    ...timestamps(),
  },
  (t) => [
    checkIn('guilds_public_queue_mode_check', t.publicQueueMode, PUBLIC_QUEUE_MODES),
    check(
      'guilds_public_queue_first_check',
      sql`${t.publicQueueFirst} between ${sql.raw(String(PUBLIC_QUEUE_FIRST_MIN))} and ${sql.raw(String(PUBLIC_QUEUE_FIRST_MAX))}`,
    ),
    checkIn('guilds_no_show_rule_check', t.noShowRule, NO_SHOW_RULES),
    checkIn('guilds_subscription_status_check', t.subscriptionStatus, SUBSCRIPTION_STATUSES),
    checkIn('guilds_billing_interval_check', t.billingInterval, BILLING_INTERVALS),
    checkIn('guilds_billing_currency_check', t.billingCurrency, ['BRL', 'USD']),
  ],
)

/** The guild a row belongs to: every guild-owned row goes with its guild (and every query filters by it). */
export const ownedByGuild = () =>
  uuid('guild_id')
    .notNull()
    .references(() => guilds.id, { onDelete: 'cascade' })

export const profiles = pgTable(
  'profiles',
  {
    id: uuidPrimaryKey(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: 'cascade' }),
    guildId: uuid('guild_id').references(() => guilds.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    gameCharacterName: text('game_character_name'),
    role: text('role').notNull().default('guild_member'),
    isActive: boolean('is_active').notNull().default(true),
    language: language(),
    notifyEmail: boolean('notify_email').notNull().default(true),
    notifyEvents: boolean('notify_events').notNull().default(true),
    notifyLoot: boolean('notify_loot').notNull().default(true),
    invitedViaToken: text('invited_via_token'),
    ...timestamps(),
  },
  (t) => [
    index('profiles_guild_id_idx').on(t.guildId, t.createdAt),
    checkIn('profiles_role_check', t.role, ROLES),
    checkIn('profiles_language_check', t.language, LANGUAGES),
  ],
)

export const userInvitations = pgTable(
  'user_invitations',
  {
    id: uuidPrimaryKey(),
    guildId: ownedByGuild(),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    /** SHA-256 of the token (base64url); the token itself exists only in the e-mailed link. */
    inviteToken: text('invite_token').notNull().unique(),
    status: text('status').notNull().default('pending'),
    language: language(),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_invitations_guild_id_idx').on(t.guildId, t.createdAt),
    // One pending invitation per address and guild: a re-invite cancels the older one in the same transaction.
    uniqueIndex('user_invitations_pending_email_idx')
      .on(t.guildId, t.email)
      .where(sql`${t.status} = 'pending'`),
    checkIn('user_invitations_status_check', t.status, INVITATION_STATUSES),
    checkIn('user_invitations_language_check', t.language, LANGUAGES),
  ],
)

/**
 * A member who left the guild (removed by an admin, or deleted their own account), written in the same
 * transaction as the account's deletion: the name the activity log and the loot history give what they did.
 * The account is gone; audit_logs.user_id and loot_history.distributed_by keep its id.
 */
export const formerMembers = pgTable(
  'former_members',
  {
    id: uuidPrimaryKey(),
    guildId: ownedByGuild(),
    userId: text('user_id').notNull(),
    /** Their display name when they left. */
    displayName: text('display_name').notNull(),
    leftAt: timestamptz('left_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('former_members_guild_user_idx').on(t.guildId, t.userId)],
)
