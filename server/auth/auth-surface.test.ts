import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { session, user } from '../db/schema'
import { buildMember, requestAs } from '../test/factories'
import { expectError } from '../test/expect-error'
import { fileTestContext } from '../test/harness'
import { AUTH_BASE_PATH } from './auth'
import { AUTH_ROUTES } from './auth.openapi'

// Only better-auth's routes the product uses are served (auth-handler.ts): its others bypass the product's
// rules (a name with markup or a NUL, a password with control characters, no audit, other sessions left
// open) and are not in the OpenAPI document, so they answer as any unknown API path.

const ctx = await fileTestContext()

const served = new Set(
  AUTH_ROUTES.map(
    (r) => `${r.method.toUpperCase()} ${r.path.replace(/^\/auth/, '').replace(/\{\w+\}/g, 'x')}`,
  ),
)
/** Every path better-auth has an endpoint for, from its own API (so an upgrade's new one is covered). */
const endpointPaths = Object.values(ctx.deps.auth.api)
  .map((endpoint) => (endpoint as { path?: unknown }).path)
  .filter((path): path is string => typeof path === 'string')
  .map((path) => path.replace(/:\w+/g, 'x'))

describe("better-auth's routes the product does not use", () => {
  it('answer 404 NOT_FOUND in the API shape, by GET and POST, signed in', async () => {
    const member = await buildMember(ctx)
    const as = requestAs(ctx, member.cookie)
    const unused = endpointPaths.flatMap((path) =>
      ['GET', 'POST']
        .filter((method) => !served.has(`${method} ${path}`))
        .map((method) => ({ method, path })),
    )
    for (const name of ['/update-user', '/change-password', '/list-sessions', '/revoke-session'])
      expect(unused.map((u) => u.path)).toContain(name)
    for (const { method, path } of unused) {
      const res = await as(method, `${AUTH_BASE_PATH}${path}`, method === 'POST' ? {} : undefined)
      const body = await expectError(res, 404, 'NOT_FOUND', `${method} ${path}`)
      expect(body.error.message).toBe('Não encontrado.')
    }
  })

  it('change nothing: update-user, change-password, revoke-session as the tester sent them', async () => {
    const member = await buildMember(ctx)
    const other = await buildMember(ctx)
    const as = requestAs(ctx, member.cookie)
    const auth = (path: string, body?: unknown) => as('POST', `${AUTH_BASE_PATH}${path}`, body)
    await expectError(
      await auth('/update-user', { name: '<img src=x onerror=alert(1)>', image: 'javascript:alert(1)' }),
      404,
      'NOT_FOUND',
    )
    await expectError(
      await auth('/change-password', {
        currentPassword: 'password1234',
        newPassword: 'pass\u0000\u0001word1',
        revokeOtherSessions: false,
      }),
      404,
      'NOT_FOUND',
    )
    const [othersSession] = await ctx.database.db
      .select({ token: session.token })
      .from(session)
      .where(eq(session.userId, other.user.id))
    await expectError(await auth('/revoke-session', { token: othersSession!.token }), 404, 'NOT_FOUND')
    const [row] = await ctx.database.db.select().from(user).where(eq(user.id, member.user.id))
    expect([row!.name, row!.image]).toEqual([member.user.name, null])
    expect((await requestAs(ctx, other.cookie)('GET', '/api/v1/me')).status).toBe(200)
  })

  it('an unknown auth path, and a served path by another method, answer as any unknown API path', async () => {
    const as = requestAs(ctx, null)
    for (const [method, path] of [
      ['GET', '/api/v1/auth/nothing-here'],
      ['POST', '/api/v1/auth/nothing/here'],
      ['POST', '/api/v1/auth/get-session'],
      ['GET', '/api/v1/auth/sign-in/email'],
    ] as const) {
      await expectError(await as(method, path, method === 'POST' ? {} : undefined), 404, 'NOT_FOUND', path)
    }
  })
})
