import { randomBytes } from 'node:crypto'
import type { SignupInput } from '../../../contract/accounts'
import type { Mail } from '../../platform/mail/mailer'
import { anonymous } from '../../test/factories'
import type { TestContext } from '../../test/harness'

// Helpers for tests that go through the real sign-up and better-auth endpoints.

export function signupBody(overrides: Partial<SignupInput> = {}) {
  const id = randomBytes(4).toString('hex')
  return {
    email: `admin-${id}@example.com`,
    password: 'a-long-password',
    confirmPassword: overrides.password ?? 'a-long-password',
    displayName: `Admin ${id}`,
    guildName: `Guild ${id}`,
    guildPassword: 'raid-night',
    language: 'pt' as const,
    ...overrides,
  }
}

/** POST /accounts/signup as an anonymous visitor (headers: a language, say). */
export function postSignup(ctx: TestContext, body: unknown, headers?: Record<string, string>) {
  return anonymous(ctx)('POST', '/api/v1/accounts/signup', body, headers)
}

export function confirmationLink(mail: Mail): string {
  const link = mail.text.match(/https?:\/\/\S+/)?.[0]
  if (!link) throw new Error(`no link in mail ${mail.subject}`)
  return link
}

/**
 * Signs in from a client address: the app takes it from the socket (as in production), so each test can be
 * its own client for the sign-in rate limit. Each call gets a fresh address unless one is given.
 */
export function signIn(
  ctx: TestContext,
  email: string,
  password: string,
  options: { clientAddress?: string; headers?: Record<string, string> } = {},
) {
  const remoteAddress = options.clientAddress ?? `10.${rand()}.${rand()}.${rand()}`
  return ctx.app.request(
    '/api/v1/auth/sign-in/email',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', ...options.headers },
      body: JSON.stringify({ email, password, callbackURL: '/auth?verified=1' }),
    },
    { incoming: { socket: { remoteAddress } } },
  )
}
const rand = () => Math.floor(Math.random() * 250) + 1

/** The session cookie a response set, ready for a `cookie` header. */
export function sessionCookieOf(res: Response): string {
  const header = res.headers.get('set-cookie') ?? ''
  const match = header.match(/lq\.session_token=[^;]+/)
  if (!match) throw new Error(`no session cookie in: ${header}`)
  return match[0]
}
