import { randomBytes } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import { anonymous } from '../test/factories'
import { fileTestContext } from '../test/harness'
import { createLogger } from './logger'

// The request log wrote the address as asked: a password reset link's token (valid for an hour) or the
// calendar feed's (it reads the guild's nights) sat in plain text in every log line of those requests.

const lines: string[] = []
const logger = createLogger({ level: 'debug', json: true, write: (_stream, line) => void lines.push(line) })
const ctx = await fileTestContext({ logger })

type Operation = { parameters?: { name: string; in: string }[] }
type Document = { paths: Record<string, Record<string, Operation>> }

/** Every operation of the API document that takes a parameter named token, as `METHOD /path`. */
async function tokenBearingOperations(): Promise<string[]> {
  const document = (await (await anonymous(ctx)('GET', '/api/v1/openapi.json')).json()) as Document
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => operation.parameters?.some((parameter) => parameter.name === 'token'))
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  )
}

const token = () => randomBytes(24).toString('base64url')

beforeEach(() => {
  lines.length = 0
})

describe('the request log', () => {
  it('never writes the secret of an address that carries one', async () => {
    const secret = token()
    const asked = {
      'GET /auth/reset-password/{token}': `/auth/reset-password/${secret}?callbackURL=%2Fauth%3Fmode%3Dreset`,
      'GET /auth/verify-email': `/auth/verify-email?token=${secret}&callbackURL=%2Fauth%3Fverified%3D1`,
      'GET /calendar/{token}': `/calendar/${secret}`,
      'GET /invitations/lookup/{token}': `/invitations/lookup/${secret}`,
      'GET /notifications/unsubscribe': `/notifications/unsubscribe?user=u&switch=loot&token=${secret}`,
      'POST /notifications/unsubscribe': `/notifications/unsubscribe?user=u&switch=loot&token=${secret}`,
    }
    // A new route with a token joins this list (and the secrets of server/lib/logger.ts).
    expect((await tokenBearingOperations()).sort()).toEqual(Object.keys(asked).sort())
    lines.length = 0
    for (const [operation, path] of Object.entries(asked))
      await anonymous(ctx)(operation.split(' ')[0]!, `/api/v1${path}`)
    // The sign-up page an invitation link opens.
    await anonymous(ctx)('GET', `/auth?invite=${secret}`)

    const requests = lines.map((line) => JSON.parse(line) as { msg: string; path: string })
    expect(requests.filter((line) => line.msg === 'request').map((line) => line.path)).toEqual([
      '/api/v1/auth/reset-password/[redacted]',
      '/api/v1/auth/verify-email',
      '/api/v1/calendar/[redacted]',
      '/api/v1/invitations/lookup/[redacted]',
      '/api/v1/notifications/unsubscribe',
      '/api/v1/notifications/unsubscribe',
      '/auth',
    ])
    expect(lines.join('')).not.toContain(secret)
  })

  it('keeps the rest of the address, ids included', async () => {
    const id = '0b7c5f0e-2c1a-4d7e-9a55-3f1c2b9d8e10'
    await anonymous(ctx)('GET', `/api/v1/players/${id}/standing`)
    const [line] = lines.map((l) => JSON.parse(l) as { path: string })
    expect(line!.path).toBe(`/api/v1/players/${id}/standing`)
  })
})
