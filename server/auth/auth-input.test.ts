import { describe, expect, it } from 'vitest'
import { buildMember } from '../test/factories'
import { expectError } from '../test/expect-error'
import { fileTestContext } from '../test/harness'

// better-auth's kept routes refuse what the API refuses before better-auth sees it (auth-input.ts): a NUL
// in a token reached PostgreSQL's lookup (22021) and answered 500 with an empty body.

const ctx = await fileTestContext()

const send = (method: 'GET' | 'POST', path: string, body?: unknown) =>
  ctx.app.request(`/api/v1/auth${path}`, {
    method,
    headers: { origin: 'http://localhost:3000', 'accept-language': 'en', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

describe("control characters on better-auth's routes", () => {
  it.each([
    ['POST', '/reset-password', { token: 'a\u0000b', newPassword: 'password1234' }, 'token'],
    ['POST', '/reset-password', { token: 'a\u0001b', newPassword: 'password1234' }, 'token'],
    ['POST', '/reset-password', { token: 'token', newPassword: 'pass\u0000word1' }, 'newPassword'],
    ['POST', '/request-password-reset', { email: 'ana\u0000@example.com' }, 'email'],
    ['POST', '/sign-in/email', { email: 'ana@example.com', password: 'pass\u001bword' }, 'password'],
    ['POST', '/sign-in/email', { email: 'ana@example.com', password: ['\u0000'] }, 'password'],
    ['GET', '/verify-email?token=a%00b', undefined, 'token'],
    ['GET', '/reset-password/abc?callbackURL=%2Fauth%07', undefined, 'callbackURL'],
  ] as const)('%s %s refuses a control character in %o (%s)', async (method, path, body, field) => {
    const res = await send(method, path, body)
    expect((await expectError(res, 400, 'VALIDATION_FAILED')).error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Check the highlighted fields.',
      fields: { [field]: 'controlCharacters' },
    })
  })

  it('still signs in and lets a plain unknown token be refused by better-auth, in the API shape', async () => {
    const member = await buildMember(ctx)
    const res = await send('POST', '/reset-password', { token: 'no-such-token', newPassword: 'password1234' })
    await expectError(res, 400, 'RESET_LINK_INVALID')
    const bad = await send('GET', '/verify-email?token=no-such-token')
    await expectError(bad, 401, 'VERIFY_LINK_INVALID')
    expect((await send('POST', '/sign-in/email', { email: member.user.email, password: 'x' })).status).toBe(
      401,
    )
  })
})

describe("malformed JSON on better-auth's routes", () => {
  const raw = (path: string, body: string) =>
    ctx.app.request(`/api/v1${path}`, {
      method: 'POST',
      headers: {
        origin: 'http://localhost:3000',
        'accept-language': 'en',
        'content-type': 'application/json',
      },
      body,
    })

  it.each(['/auth/sign-in/email', '/auth/sign-out', '/auth/request-password-reset', '/auth/reset-password'])(
    '%s answers INVALID_JSON, as every other route does',
    async (path) => {
      const elsewhere = await expectError(await raw('/accounts/signup', '{"email":'), 400, 'INVALID_JSON')
      const res = await raw(path, '{"email":')
      expect(await expectError(res, 400, 'INVALID_JSON')).toEqual(elsewhere)
    },
  )
})
