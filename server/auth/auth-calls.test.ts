import { executionAsyncId } from 'node:async_hooks'
import { getRequestStateAsyncLocalStorage } from '@better-auth/core/context'
import { describe, expect, it } from 'vitest'
import { signIn } from '../modules/accounts/accounts.test-support'
import type { Mail } from '../platform/mail/mailer'
import { buildMember, DEFAULT_PASSWORD } from '../test/factories'
import { fileTestContext } from '../test/harness'
import { authStoresKnown } from './auth-calls'

// better-auth's AsyncLocalStorage stores are switched off between its calls (auth-calls.ts): with them on,
// Node 20 runs async hooks for every promise of every request.

/** Whether async hooks run: a promise continuation has an async id only when they do. */
const asyncHooksOn = () => Promise.resolve().then(() => executionAsyncId() !== 0)

// A password-reset mail waits here until released: its better-auth call stays under way meanwhile.
let holdMail: { reached: () => void; released: Promise<void> } | null = null
let storeInMail: unknown
const ctx = await fileTestContext({
  mailer: {
    kind: 'outbox',
    send: async (_mail: Mail) => {
      if (!holdMail) return
      holdMail.reached()
      await holdMail.released
      storeInMail = (await getRequestStateAsyncLocalStorage()).getStore()
    },
  },
})

const requestReset = (email: string) =>
  ctx.app.request('/api/v1/auth/request-password-reset', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
    body: JSON.stringify({ email, redirectTo: '/auth?mode=reset' }),
  })

describe("better-auth's stores between its calls", () => {
  it('are off once its calls settle, refused or not', async () => {
    await authStoresKnown()
    const member = await buildMember(ctx)
    expect((await signIn(ctx, member.user.email, DEFAULT_PASSWORD)).status).toBe(200)
    expect(await asyncHooksOn()).toBe(false)
    expect((await signIn(ctx, member.user.email, 'wrong-password')).status).toBe(401)
    expect(await asyncHooksOn()).toBe(false)
  })

  it('stay on while any call is under way, which keeps its context to the end', async () => {
    await authStoresKnown()
    const waiting = await buildMember(ctx)
    const other = await buildMember(ctx)
    let release = () => {}
    const reached = new Promise<void>((resolve) => {
      holdMail = { reached: resolve, released: new Promise((done) => (release = done)) }
    })
    const reset = requestReset(waiting.user.email)
    // Another call starts and settles while the reset waits on its mail.
    await reached
    expect((await signIn(ctx, other.user.email, DEFAULT_PASSWORD)).status).toBe(200)
    expect(await asyncHooksOn()).toBe(true)
    release()
    expect((await reset).status).toBe(200)
    holdMail = null
    // The reset still had its request state after the sign-in had settled.
    expect(storeInMail).toBeInstanceOf(WeakMap)
    expect(await asyncHooksOn()).toBe(false)
  })
})
