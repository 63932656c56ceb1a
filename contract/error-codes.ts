import type { FieldLimit } from './common'

// Stable error codes: the API answers { error: { code, message } } and the web translates `code`
// (locales/<lang>/errors.json has one message per code). The status is part of the contract.
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  /** No session cookie was sent: the visitor is not signed in. */
  UNAUTHENTICATED: 401,
  /**
   * A session cookie was sent and names no live session: each code says why it ended when the server knows
   * (contract/session-end.ts); SESSION_EXPIRED when it does not (expired, or unknown).
   */
  SESSION_EXPIRED: 401,
  SESSION_PASSWORD_CHANGED: 401,
  SESSION_SIGNED_OUT: 401,
  SESSION_ACCOUNT_DELETED: 401,
  SESSION_GUILD_DELETED: 401,
  SESSION_REMOVED: 401,
  SESSION_DEACTIVATED: 401,
  SUBSCRIPTION_REQUIRED: 402,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  ACCOUNT_DEACTIVATED: 403,
  NO_GUILD: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** The database is unreachable for a moment (restarting, failing over): answered with Retry-After. */
  SERVICE_UNAVAILABLE: 503,
  // accounts
  EMAIL_TAKEN: 409,
  GUILD_NAME_TAKEN: 409,
  WEAK_PASSWORD: 400,
  /** A password of spaces only: long enough, but nobody means it (docs/product-rules.md, "Accounts"). */
  BLANK_PASSWORD: 400,
  /** better-auth's INVALID_TOKEN or TOKEN_EXPIRED, said in the API's words (server/auth/auth-answers.ts). */
  RESET_LINK_INVALID: 400,
  VERIFY_LINK_INVALID: 401,
  CURRENT_PASSWORD_WRONG: 400,
  INVALID_CREDENTIALS: 401,
  GUILD_NAME_MISMATCH: 400,
  LAST_ADMIN: 409,
  INVITE_INVALID: 404,
  INVITE_USED: 409,
  INVITE_REPLACED: 409,
  INVITE_EXPIRED: 410,
  INVITE_UNAVAILABLE: 409,
  INVITE_LIMIT_REACHED: 409,
  INVITE_EMAIL_HAS_ACCOUNT: 409,
  INVITE_NOT_PENDING: 409,
  CANNOT_CHANGE_SELF: 409,
  // players, items, queues
  ALREADY_IN_QUEUE: 409,
  PLAYER_INACTIVE: 409,
  NOT_INTERESTED_ENTRY: 409,
  NO_PENALTY: 409,
  ORDER_MISMATCH: 409,
  NOTHING_TO_UNDO: 409,
  UNDO_EXPIRED: 409,
  /**
   * The award to undo belongs to a completed night whose recap went out: undone only once the member says
   * so (`afterRecap`), the message naming the night. Nothing was written.
   */
  UNDO_AFTER_RECAP: 409,
  /** The queue changed after the member saw it (another officer acted first): nothing was written. */
  QUEUE_CHANGED: 409,
  /**
   * The undo named an action that is no longer the queue's last (another came after it): only the last one
   * can be undone, so trying again cannot succeed, unlike QUEUE_CHANGED. Nothing was written.
   */
  UNDO_SUPERSEDED: 409,
  // raid nights
  RAID_NIGHT_NOT_RUNNING: 409,
  RAID_NIGHT_HAS_AWARDS: 409,
  RAID_NIGHT_STATUS: 409,
  NO_PREVIOUS_RAID_NIGHT: 409,
  /**
   * Two active nights of a guild would overlap in time (docs/product-rules.md, "Raid nights"): the message
   * names the other night; nothing was written.
   */
  RAID_NIGHT_OVERLAP: 409,
  /**
   * A night's new times would leave out some of the awards handed out while it ran: the message says how many
   * and when; nothing was written (docs/product-rules.md, "Raid nights").
   */
  RAID_NIGHT_AWARDS_OUTSIDE: 409,
  /** Another player, or item, of the guild has this name, case and accents aside (contract/names.ts). */
  PLAYER_NAME_TAKEN: 409,
  /**
   * Players added together: some of the names are taken, or given twice in the list (case and accents aside);
   * the message names them (vars.names), and no player was added.
   */
  PLAYER_NAMES_TAKEN: 409,
  ITEM_NAME_TAKEN: 409,
  // ranks
  RANK_NAME_TAKEN: 409,
  RANK_LIMIT_REACHED: 409,
  RANK_ORDER_MISMATCH: 409,
  /** A rank named for a player or an item is not one of the guild's (deleted meanwhile). */
  RANK_NOT_FOUND: 404,
  /** An award to a player below the item's minimum rank (docs/decisions/018-ranks.md). */
  BELOW_MINIMUM_RANK: 409,
  /**
   * A rank some items take as their minimum cannot be deleted (it would open them to everyone): the message
   * names them (vars.items, the first few then how many more) and counts them (vars.count); nothing deleted.
   */
  RANK_IS_ITEM_MINIMUM: 409,
  // imports
  IMPORT_FILE_TOO_LARGE: 413,
  IMPORT_TOO_MANY_ROWS: 413,
  IMPORT_HAS_PROBLEMS: 422,
  // billing
  ALREADY_SUBSCRIBED: 409,
  NO_BILLING_ACCOUNT: 409,
  BILLING_PROVIDER_ERROR: 502,
  BILLING_SIGNATURE_INVALID: 400,
  // requests from elsewhere
  ORIGIN_NOT_ALLOWED: 403,
  UNSUPPORTED_MEDIA_TYPE: 415,
  // public guild page
  GUILD_NOT_FOUND: 404,
  PUBLIC_SUBSCRIPTION_EXPIRED: 403,
  PUBLIC_PAYMENT_PENDING: 403,
  PUBLIC_TRIAL_EXPIRED: 403,
  PUBLIC_WRONG_PASSWORD: 401,
  PUBLIC_ACCESS_REQUIRED: 401,
} as const

export type ErrorCode = keyof typeof ERROR_STATUS

export type ApiErrorBody = {
  error: {
    code: string
    message: string
    fields?: Record<string, string>
    limits?: Record<string, FieldLimit>
  }
}
