// Stable error codes: the API answers { error: { code, message } } and the web translates `code`
// (locales/<lang>/errors.json has one message per code). The status is part of the contract.
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  UNAUTHENTICATED: 401,
  SUBSCRIPTION_REQUIRED: 402,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  ACCOUNT_DEACTIVATED: 403,
  NO_GUILD: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  // accounts
  EMAIL_TAKEN: 409,
  GUILD_NAME_TAKEN: 409,
  WEAK_PASSWORD: 400,
  CURRENT_PASSWORD_WRONG: 400,
  INVALID_CREDENTIALS: 401,
  GUILD_NAME_MISMATCH: 400,
  LAST_ADMIN: 409,
  INVITE_INVALID: 404,
  INVITE_USED: 409,
  INVITE_REPLACED: 409,
  INVITE_EXPIRED: 410,
  INVITE_UNAVAILABLE: 409,
  // players, items, queues
  ALREADY_IN_QUEUE: 409,
  PLAYER_INACTIVE: 409,
  NOT_INTERESTED_ENTRY: 409,
  NO_PENALTY: 409,
  ORDER_MISMATCH: 409,
  NOTHING_TO_UNDO: 409,
  // public guild page
  GUILD_NOT_FOUND: 404,
  PUBLIC_SUBSCRIPTION_EXPIRED: 403,
  PUBLIC_TRIAL_EXPIRED: 403,
  PUBLIC_WRONG_PASSWORD: 401,
  PUBLIC_ACCESS_REQUIRED: 401,
} as const

export type ErrorCode = keyof typeof ERROR_STATUS

export type ApiErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string> }
}
