import type { Context } from 'hono'
import { text } from '../../contract/common'
import { AppError } from '../lib/app-error'
import { assertStrongPassword } from '../modules/accounts/accounts.service'

// better-auth takes tokens, e-mails and passwords as any string: a NUL reached PostgreSQL (22021, a 500)
// and a reset accepted passwords the product's own forms refuse. Its kept routes (auth.openapi.ts) get the
// API's rules here first (docs/decisions/004-request-hardening.md), and answer as the API does when refused.

const plainText = text()

/** The field of a route's body that sets a new password: the product's password rules apply to it. */
const NEW_PASSWORD_FIELD: Partial<Record<string, string>> = { '/reset-password': 'newPassword' }

/** Every string in a JSON value, each with the top-level field it came in. */
function* stringsOf(value: unknown, field: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [field, value]
  else if (value && typeof value === 'object')
    for (const inner of Object.values(value)) yield* stringsOf(inner, field)
}

function refuseControlCharacters(field: string, value: string) {
  if (!plainText.safeParse(value).success)
    throw new AppError('VALIDATION_FAILED', { fields: { [field]: 'controlCharacters' } })
}

/**
 * Refuses (AppError) the query or JSON body of a request to better-auth's `authPath` that the API's rules
 * refuse; returns the body's text to hand on (read here, so better-auth gets a copy).
 */
export async function checkedAuthInput(c: Context, authPath: string): Promise<string | undefined> {
  for (const [name, value] of new URL(c.req.url).searchParams) refuseControlCharacters(name, value)
  if (c.req.method === 'GET') return undefined
  const body = await c.req.text()
  if (body === '') return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    // As every other route answers a body that is not JSON (server/lib/error-handler.ts).
    throw new AppError('INVALID_JSON')
  }
  if (!parsed || typeof parsed !== 'object') return body
  for (const [field, value] of Object.entries(parsed))
    for (const [at, found] of stringsOf(value, field)) refuseControlCharacters(at, found)
  const passwordField = NEW_PASSWORD_FIELD[authPath]
  const password = passwordField && (parsed as Record<string, unknown>)[passwordField]
  if (passwordField && typeof password === 'string') assertStrongPassword(password, passwordField)
  return body
}
