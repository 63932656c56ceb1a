import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, describe, expect, it } from 'vitest'
import { signupBody } from '../../modules/accounts/accounts.test-support'
import { anonymous, buildMember } from '../../test/factories'
import { createTestContext, fileTestContext } from '../../test/harness'

// Real SMTP delivery: a local SMTP server started here receives what the app sends when SMTP_URL is set.

type Received = { from: string; to: string[]; raw: string; user?: string }
const received: Received[] = []
const server = new SMTPServer({
  disabledCommands: ['STARTTLS'],
  allowInsecureAuth: true,
  authMethods: ['PLAIN', 'LOGIN'],
  onAuth(auth, _session, callback) {
    if (auth.username === 'mailer' && auth.password === 's3cret') return callback(null, { user: 'mailer' })
    return callback(new Error('bad credentials'))
  },
  onData(stream, session, callback) {
    let raw = ''
    stream.setEncoding('utf8')
    stream.on('data', (chunk: string) => {
      raw += chunk
    })
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        raw,
        user: session.user as string | undefined,
      })
      callback()
    })
  },
  logger: false,
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
const port = (server.server.address() as AddressInfo).port
const ctx = await fileTestContext({
  env: {
    SMTP_URL: `smtp://mailer:s3cret@127.0.0.1:${port}`,
    MAIL_FROM: 'LootQueue <no-reply@lootqueue.test>',
  },
})

/** Quoted-printable soft breaks and escapes undone, so links and accents can be read. */
const decode = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))

describe('SMTP delivery', () => {
  it('is the mailer when SMTP_URL is set', () => {
    expect(ctx.deps.mailer.kind).toBe('smtp')
  })

  it('delivers the sign-up confirmation through the SMTP server, authenticated, in the user language', async () => {
    const body = signupBody({ language: 'en' })
    const res = await anonymous(ctx)('POST', '/api/v1/accounts/signup', body)
    expect(res.status).toBe(201)
    await expect.poll(() => received.some((m) => m.to.includes(body.email))).toBe(true)
    const mail = received.find((m) => m.to.includes(body.email))!
    expect(mail.user).toBe('mailer')
    expect(mail.from).toBe('no-reply@lootqueue.test')
    const text = decode(mail.raw)
    expect(text).toContain('Subject: Confirm your e-mail on LootQueue')
    expect(text).toMatch(/http:\/\/localhost:3000\/api\/v1\/auth\/verify-email\?token=[\w.-]+/)
    expect(text).toContain('Content-Type: text/html')
  })

  it('delivers the "someone tried to sign up with your e-mail" message to a registered address', async () => {
    const owner = await buildMember(ctx, { language: 'en' })
    const res = await anonymous(ctx)(
      'POST',
      '/api/v1/accounts/signup',
      signupBody({ email: owner.user.email }),
    )
    expect(res.status).toBe(201)
    await expect.poll(() => received.some((m) => m.to.includes(owner.user.email))).toBe(true)
    const text = decode(received.find((m) => m.to.includes(owner.user.email))!.raw)
    expect(text).toContain('Subject: Someone tried to create a LootQueue account with your e-mail')
    expect(text).toContain('Sign in: http://localhost:3000/auth?lang=en')
    expect(text).toContain('Reset password: http://localhost:3000/auth?forgot=1&lang=en')
  })

  it('still creates the account when the SMTP server is unreachable (the link can be sent again at sign-in)', async () => {
    const down = await createTestContext({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } })
    try {
      const res = await anonymous(down)('POST', '/api/v1/accounts/signup', signupBody())
      expect(res.status).toBe(201)
    } finally {
      await down.close()
    }
  })
})
