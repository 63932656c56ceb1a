import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { RECORDED_SESSION_ENDS } from '../../../contract/session-end'
import { checkIn, timestamps, timestamptz } from './util'

// better-auth's tables (user, session, account, verification, rate_limit), owned by our migrations.
export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  ...timestamps(),
})

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamptz('expires_at').notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
)

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamptz('access_token_expires_at'),
    refreshTokenExpiresAt: timestamptz('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    ...timestamps(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
)

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    ...timestamps(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
)

// Shared by better-auth's limiter and ours, so limits hold across processes.
export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: integer('last_request').notNull(),
})

// Why a session ended, kept after its row has gone, so the browser still holding its cookie is told the truth
// (a 401 and the live stream say the reason: contract/session-end.ts). Keyed by the SHA-256 of the session's
// token, never the token; rows older than a session can live are dropped as new ones arrive
// (server/auth/session-endings.queries.ts).
export const endedSessions = pgTable(
  'ended_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    reason: text('reason').notNull(),
    endedAt: timestamptz('ended_at').notNull().defaultNow(),
  },
  (t) => [
    checkIn('ended_sessions_reason_check', t.reason, RECORDED_SESSION_ENDS),
    index('ended_sessions_ended_at_idx').on(t.endedAt),
  ],
)
