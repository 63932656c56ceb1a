import { describe, expect, it } from 'vitest'
import { sessionCookieOf, signIn } from '../modules/accounts/accounts.test-support'
import type { Mail } from '../platform/mail/mailer'
import { buildMember, DEFAULT_PASSWORD, requestAs } from '../test/factories'
import { expectError } from '../test/expect-error'
import { fileTestContext } from '../test/harness'
import { translate } from '../lib/i18n'

// Sign-in, sign-out and recovery are better-auth's endpoints under /api/v1/auth, configured in auth.ts; their
// refusals are the API's own (auth-answers.ts).

const sent: Mail[] = []
const ctx = await fileTestContext({ mailer: { kind: 'outbox', send: async (m) => void sent.push(m) } })

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  ctx.app.request(`/api/v1/auth${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', ...headers },
    body: JSON.stringify(body),
  })

describe('better-auth endpoints', () => {
  it('signs in with an httpOnly SameSite=Lax cookie, and sign-out ends the session on the server', async () => {
    const member = await buildMember(ctx)
    const res = await signIn(ctx, member.user.email, DEFAULT_PASSWORD)
    expect(res.status).toBe(200)
    expect(res.headers.get('set-cookie')).toMatch(/HttpOnly/i)
    expect(res.headers.get('set-cookie')).toMatch(/SameSite=Lax/i)
    const cookie = sessionCookieOf(res)
    const as = requestAs(ctx, cookie)
    expect((await as('GET', '/api/v1/me')).status).toBe(200)
    const out = await post('/sign-out', {}, { cookie })
    expect(out.status).toBe(200)
    // The same cookie, replayed after sign-out, no longer opens anything.
    expect((await as('GET', '/api/v1/me')).status).toBe(401)
  })

  it("keeps the session token in the httpOnly cookie only: neither sign-in's nor get-session's JSON holds it", async () => {
    const member = await buildMember(ctx)
    const res = await signIn(ctx, member.user.email, DEFAULT_PASSWORD)
    const cookie = sessionCookieOf(res)
    const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!
    const signedIn = await res.text()
    expect(JSON.parse(signedIn)).toMatchObject({ user: { email: member.user.email } })
    const session = await (await requestAs(ctx, cookie)('GET', '/api/v1/auth/get-session')).text()
    expect(JSON.parse(session)).toMatchObject({
      user: { email: member.user.email },
      session: { userId: member.user.id },
    })
    for (const body of [signedIn, session]) {
      expect(body).not.toContain(token)
      expect(body).not.toContain('"token"')
    }
  })

  it('answers a wrong password with INVALID_CREDENTIALS in the asked language, and brute force with 429', async () => {
    const member = await buildMember(ctx)
    const ip = { clientAddress: '10.0.0.2' }
    const first = await signIn(ctx, member.user.email, 'wrong-password', {
      ...ip,
      headers: { 'accept-language': 'pt-BR' },
    })
    expect(await expectError(first, 401, 'INVALID_CREDENTIALS')).toEqual({
      error: { code: 'INVALID_CREDENTIALS', message: translate('pt', 'errors', 'INVALID_CREDENTIALS') },
    })
    const inEnglish = await signIn(ctx, member.user.email, 'wrong-again', {
      ...ip,
      headers: { 'accept-language': 'en' },
    })
    expect((await expectError(inEnglish, 401, 'INVALID_CREDENTIALS')).error.message).toBe(
      'Incorrect e-mail or password.',
    )
    const statuses: number[] = []
    for (let i = 0; i < 9; i++) statuses.push((await signIn(ctx, member.user.email, `wrong-${i}`, ip)).status)
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(401))
    expect(statuses[8]).toBe(429)
    // Even the right password waits out the window: that is what stops guessing.
    const right = await signIn(ctx, member.user.email, DEFAULT_PASSWORD, ip)
    await expectError(right.clone(), 429, 'RATE_LIMITED')
    expect(Number(right.headers.get('x-retry-after'))).toBeGreaterThan(0)
    // Another client is not affected.
    expect(
      (await signIn(ctx, member.user.email, DEFAULT_PASSWORD, { clientAddress: '10.0.0.3' })).status,
    ).toBe(200)
  })

  it('takes the client address from the socket: a forged X-Forwarded-For does not dodge the limit', async () => {
    const member = await buildMember(ctx)
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      const forged = { clientAddress: '10.0.0.4', headers: { 'x-forwarded-for': `172.16.0.${i}` } }
      statuses.push((await signIn(ctx, member.user.email, `wrong-${i}`, forged)).status)
    }
    expect(statuses.at(-1)).toBe(429)
  })

  it('resets a password end to end through the e-mailed link, in the user language, ending old sessions', async () => {
    const member = await buildMember(ctx, { language: 'en' })
    const oldSession = requestAs(ctx, member.cookie)
    const ask = await post('/request-password-reset', {
      email: member.user.email,
      redirectTo: '/auth?mode=reset',
    })
    expect(ask.status).toBe(200)
    const mail = sent.findLast((m) => m.to === member.user.email)!
    expect(mail.subject).toBe('Reset your LootQueue password')
    const link = mail.text.match(/https?:\/\/\S+/)![0]
    const landing = await ctx.app.request(link.replace('http://localhost:3000', ''))
    expect(landing.status).toBe(302)
    const location = new URL(landing.headers.get('location')!, 'http://localhost:3000')
    expect(location.pathname).toBe('/auth')
    expect(location.searchParams.get('mode')).toBe('reset')
    const token = location.searchParams.get('token')!
    expect(token).toBeTruthy()

    const short = await post('/reset-password', { token, newPassword: 'short' })
    await expectError(short, 400, 'WEAK_PASSWORD')
    // Eight spaces are long enough, and no password anyone means (docs/product-rules.md, "Accounts").
    await expectError(
      await post('/reset-password', { token, newPassword: ' '.repeat(8) }),
      400,
      'BLANK_PASSWORD',
    )
    const done = await post('/reset-password', { token, newPassword: 'a-fresh-password' })
    expect(done.status).toBe(200)
    // Told why, not that it expired (contract/session-end.ts).
    await expectError(await oldSession('GET', '/api/v1/me'), 401, 'SESSION_PASSWORD_CHANGED')
    expect((await signIn(ctx, member.user.email, 'a-fresh-password')).status).toBe(200)
    // The token is single use.
    await expectError(
      await post('/reset-password', { token, newPassword: 'another-password' }),
      400,
      'RESET_LINK_INVALID',
    )
  })

  // An outside tester opened an English reset e-mail's link in a fresh browser and got the page in Portuguese:
  // the link now leads to its page with the e-mail's language (contract/language-link.ts); a Portuguese one's
  // is as it was.
  it("leads a reset link to its page in the e-mail's language", async () => {
    for (const [language, subject, page] of [
      ['en', 'Reset your LootQueue password', '/auth?mode=reset&lang=en'],
      ['pt', 'Redefinir sua senha do LootQueue', '/auth?mode=reset'],
    ] as const) {
      const member = await buildMember(ctx, { language })
      const ask = await ctx.app.request(
        '/api/v1/auth/request-password-reset',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
          body: JSON.stringify({ email: member.user.email, redirectTo: '/auth?mode=reset' }),
        },
        { incoming: { socket: { remoteAddress: `10.0.7.${language === 'en' ? 1 : 2}` } } },
      )
      expect(ask.status).toBe(200)
      const mail = sent.findLast((m) => m.to === member.user.email)!
      expect(mail.subject).toBe(subject)
      const link = new URL(mail.text.match(/https?:\/\/\S+/)![0])
      expect(mail.html).toContain(`href="${link.href.replace(/&/g, '&amp;')}"`)
      expect(link.searchParams.get('callbackURL')).toBe(page)
      const landing = await ctx.app.request(link.pathname + link.search)
      expect(landing.status).toBe(302)
      const location = new URL(landing.headers.get('location')!, 'http://localhost:3000')
      expect(location.pathname).toBe('/auth')
      expect(location.searchParams.get('mode')).toBe('reset')
      expect(location.searchParams.get('token')).toBeTruthy()
      expect(location.searchParams.get('lang')).toBe(language === 'en' ? 'en' : null)
    }
  })

  // Two reset e-mails, the newer used: the older link set the password again (better-auth spends one link).
  it("spends every reset link of the user when one sets the password, an older e-mail's too", async () => {
    const member = await buildMember(ctx)
    const tokens: string[] = []
    for (let i = 0; i < 2; i++) {
      const ask = await post('/request-password-reset', {
        email: member.user.email,
        redirectTo: '/auth?mode=reset',
      })
      expect(ask.status).toBe(200)
      const link = sent.findLast((m) => m.to === member.user.email)!.text.match(/https?:\/\/\S+/)![0]
      const landing = await ctx.app.request(link.replace('http://localhost:3000', ''))
      tokens.push(
        new URL(landing.headers.get('location')!, 'http://localhost:3000').searchParams.get('token')!,
      )
    }
    const [older, newer] = tokens as [string, string]
    expect(older).not.toBe(newer)
    expect((await post('/reset-password', { token: newer, newPassword: 'the-new-password' })).status).toBe(
      200,
    )
    await expectError(
      await post('/reset-password', { token: older, newPassword: 'an-older-wish' }),
      400,
      'RESET_LINK_INVALID',
    )
    expect((await signIn(ctx, member.user.email, 'the-new-password')).status).toBe(200)
  })

  it('does not reveal whether an e-mail has an account when asked for a reset', async () => {
    const member = await buildMember(ctx)
    const ask = (email: string) => post('/request-password-reset', { email, redirectTo: '/auth?mode=reset' })
    const known = await ask(member.user.email)
    const unknown = await ask('nobody@example.com')
    // The same answer for both; only the account's owner gets a mail (so the capture works here).
    expect([unknown.status, await unknown.json()]).toEqual([known.status, await known.json()])
    expect(known.status).toBe(200)
    expect(sent.filter((m) => m.to === member.user.email)).toHaveLength(1)
    expect(sent.filter((m) => m.to === 'nobody@example.com')).toEqual([])
  })
})
