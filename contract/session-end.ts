import type { ErrorCode } from './error-codes'

/**
 * Why a signed-in session ended under its browser (docs/product-rules.md, "Accounts"): the server records it
 * as it ends the session (server/auth/session-endings.queries.ts) and says it in the 401 a later request with
 * that cookie gets, and in the live stream's `revoked` event; the sign-in page says it in words
 * (`/auth?message=removed&reason=<reason>`, web/lib/session.ts). `expired`: a cookie the server does not know or no longer keeps, for no reason
 * it recorded.
 */
export const SESSION_END_REASONS = [
  'password-changed',
  'signed-out',
  'account-deleted',
  'guild-deleted',
  'removed',
  'deactivated',
  'expired',
] as const
export type SessionEndReason = (typeof SESSION_END_REASONS)[number]

/** The reasons a server writes down when it ends sessions (an expiry is never written). */
export const RECORDED_SESSION_ENDS = SESSION_END_REASONS.filter(
  (reason): reason is Exclude<SessionEndReason, 'expired'> => reason !== 'expired',
)
export type RecordedSessionEnd = (typeof RECORDED_SESSION_ENDS)[number]

/** The 401's error code for each reason (contract/error-codes.ts). */
export const SESSION_END_CODES = {
  'password-changed': 'SESSION_PASSWORD_CHANGED',
  'signed-out': 'SESSION_SIGNED_OUT',
  'account-deleted': 'SESSION_ACCOUNT_DELETED',
  'guild-deleted': 'SESSION_GUILD_DELETED',
  removed: 'SESSION_REMOVED',
  deactivated: 'SESSION_DEACTIVATED',
  expired: 'SESSION_EXPIRED',
} as const satisfies Record<SessionEndReason, ErrorCode>

export function isSessionEndReason(value: unknown): value is SessionEndReason {
  return (SESSION_END_REASONS as readonly unknown[]).includes(value)
}

/** The reason an error code says, or null for any other code (UNAUTHENTICATED: no session was ever sent). */
export function sessionEndOfCode(code: string | undefined): SessionEndReason | null {
  const found = Object.entries(SESSION_END_CODES).find(([, c]) => c === code)
  return found ? (found[0] as SessionEndReason) : null
}

/** The `revoked` event's data on a member's live stream. */
export type StreamRevoked = { reason?: SessionEndReason }
