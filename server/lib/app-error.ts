import type { FieldLimit } from '../../contract/common'
import type { Language } from '../../contract/enums'
import { ERROR_STATUS, type ErrorCode } from '../../contract/error-codes'

/** A value the message names: as it is, or said in the request's language (a date, a time). */
export type ErrorVar = string | number | ((language: Language) => string)

/** The one error type of the server. The error handler turns it into { error: { code, message } }. */
export class AppError extends Error {
  readonly status: number
  constructor(
    readonly code: ErrorCode,
    readonly details: {
      fields?: Record<string, string>
      /** Of `fields`, those refused for being too long: the most each takes. */
      limits?: Record<string, FieldLimit>
      vars?: Record<string, ErrorVar>
    } = {},
  ) {
    super(code)
    this.status = ERROR_STATUS[code]
  }
}
