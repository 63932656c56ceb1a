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
} as const

export type ErrorCode = keyof typeof ERROR_STATUS

export type ApiErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string> }
}
