import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ErrorCode } from '../../contract/error-codes'
import { ERROR_STATUS } from '../../contract/error-codes'
import type { AppEnv } from '../app-context'
import { AppError } from './app-error'
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../platform/database-outage'
import { saidIn, translateError } from './i18n'

export function errorBody(c: Context<AppEnv>, code: ErrorCode, error?: AppError) {
  const language = c.get('lang') ?? 'pt'
  return {
    error: {
      code,
      message: translateError(language, code, saidIn(language, error?.details.vars)),
      ...(error?.details.fields ? { fields: error.details.fields } : {}),
      ...(error?.details.limits ? { limits: error.details.limits } : {}),
    },
  }
}

/**
 * The one error handler: AppError → its status; malformed JSON → 400; the database out of reach → 503 with
 * Retry-After (server/platform/database-outage.ts); anything else → logged 500.
 */
export function handleError(err: Error, c: Context<AppEnv>) {
  if (err instanceof AppError) {
    return c.json(errorBody(c, err.code, err), err.status as ContentfulStatusCode)
  }
  if (isDatabaseUnavailable(err)) {
    c.get('deps')?.logger.warn('database unavailable', { requestId: c.get('requestId'), path: c.req.path })
    c.header('Retry-After', String(RETRY_AFTER_SECONDS))
    return c.json(errorBody(c, 'SERVICE_UNAVAILABLE'), ERROR_STATUS.SERVICE_UNAVAILABLE)
  }
  if (err instanceof HTTPException && err.status < 500) {
    const code: ErrorCode =
      err.status === 400 ? 'INVALID_JSON' : err.status === 401 ? 'UNAUTHENTICATED' : 'NOT_FOUND'
    return c.json(errorBody(c, code), err.status as ContentfulStatusCode)
  }
  c.get('deps')?.logger.error('unhandled error', {
    requestId: c.get('requestId'),
    path: c.req.path,
    error: err.stack ?? String(err),
  })
  return c.json(errorBody(c, 'INTERNAL'), ERROR_STATUS.INTERNAL)
}
