import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ErrorCode } from '../../contract/error-codes'
import type { AppEnv } from '../app-context'
import { errorBody } from '../lib/error-handler'

// better-auth answers its refusals as { code, message } in English, its 429 with a message only and its
// 500s with no body. Its kept routes answer as the rest of the API instead: { error: { code, message } },
// a stable code the errors namespace translates into the request's language (docs/decisions/015).

/** better-auth's codes, in the API's words. */
const API_CODE: Partial<Record<string, ErrorCode>> = {
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_CREDENTIALS',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  ACCOUNT_DEACTIVATED: 'ACCOUNT_DEACTIVATED',
  PASSWORD_TOO_SHORT: 'WEAK_PASSWORD',
  MISSING_OR_NULL_ORIGIN: 'ORIGIN_NOT_ALLOWED',
  INVALID_ORIGIN: 'ORIGIN_NOT_ALLOWED',
  INVALID_CALLBACKURL: 'ORIGIN_NOT_ALLOWED',
  INVALID_REDIRECTURL: 'ORIGIN_NOT_ALLOWED',
}

/** A link's token refused: which link it was says which words fit. */
const LINK_CODE: Partial<Record<string, ErrorCode>> = {
  '/reset-password': 'RESET_LINK_INVALID',
  '/verify-email': 'VERIFY_LINK_INVALID',
}
const TOKEN_REFUSALS = new Set(['INVALID_TOKEN', 'TOKEN_EXPIRED'])

/** Any other refusal, by its status. */
const BY_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  429: 'RATE_LIMITED',
}

export function apiCodeOf(authPath: string, status: number, code: string | undefined): ErrorCode {
  if (code && TOKEN_REFUSALS.has(code)) return LINK_CODE[authPath] ?? 'VALIDATION_FAILED'
  return (code ? API_CODE[code] : undefined) ?? BY_STATUS[status] ?? 'INTERNAL'
}

/** Headers of a refusal the client acts on, kept (the limiter's wait, a cookie better-auth clears). */
const KEPT_HEADERS = ['x-retry-after', 'set-cookie']

/** better-auth's answer to `authPath`, its refusal (4xx, 5xx) in the API's error shape. */
export async function inApiErrorShape(c: Context<AppEnv>, res: Response, authPath: string) {
  if (res.status < 400) return res
  const said = (await res.json().catch(() => null)) as { code?: unknown } | null
  const code = apiCodeOf(authPath, res.status, typeof said?.code === 'string' ? said.code : undefined)
  const headers: Record<string, string> = {}
  for (const name of KEPT_HEADERS) {
    const value = res.headers.get(name)
    if (value !== null) headers[name] = value
  }
  return c.json(errorBody(c, code), res.status as ContentfulStatusCode, headers)
}

/**
 * better-auth's answer without the session token in its JSON (sign-in's `token`, get-session's
 * `session.token`): it is the secret of the httpOnly cookie, and a body is readable by any script of the page.
 * The web app never reads it (web/features/auth/api/sign-in.ts, get-session.ts): the cookie is the session.
 */
export async function withoutSessionToken(res: Response): Promise<Response> {
  if (res.status >= 300 || !res.headers.get('content-type')?.startsWith('application/json')) return res
  const text = await res.text()
  const answer = (body: string) => {
    const headers = new Headers(res.headers)
    headers.delete('content-length')
    return new Response(body, { status: res.status, statusText: res.statusText, headers })
  }
  if (!text.includes('"token"')) return answer(text)
  const body = JSON.parse(text) as { token?: unknown; session?: { token?: unknown } }
  delete body.token
  if (body.session && typeof body.session === 'object') delete body.session.token
  return answer(JSON.stringify(body))
}
