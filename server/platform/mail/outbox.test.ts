import { desc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { mailOutbox } from '../../db/schema'
import { createLogger } from '../../lib/logger'
import { buildMember } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { outboxMailer, outboxWarning } from './mailer'

// Without SMTP_URL the mails stay in the database outbox. Their links carry reset and confirmation tokens:
// an outside tester read one in a production log and reset a password with it. The log says a mail was
// kept, never its links; production says at start and with every mail that nothing reached anyone.

const lines: string[] = []
const logger = createLogger({ level: 'debug', json: true, write: (_stream, line) => void lines.push(line) })
const ctx = await fileTestContext({
  logger,
  env: { NODE_ENV: 'production', BILLING_SANDBOX: 'true' },
})

describe('the outbox mailer', () => {
  it('in production, logs a warning per mail that names no link and no token', async () => {
    expect(ctx.deps.mailer.kind).toBe('outbox')
    const member = await buildMember(ctx)
    lines.length = 0
    const ask = await ctx.app.request(
      '/api/v1/auth/request-password-reset',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
        body: JSON.stringify({ email: member.user.email, redirectTo: '/auth?mode=reset' }),
      },
      { incoming: { socket: { remoteAddress: '10.0.9.1' } } },
    )
    expect(ask.status).toBe(200)
    const [kept] = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, member.user.email))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1)
    const link = new URL(kept!.text.match(/https?:\/\/\S+/)![0])
    const token = link.pathname.split('/').at(-1)!
    expect(token.length).toBeGreaterThan(10)

    const written = lines.join('')
    expect(written).not.toContain(token)
    expect(written).not.toContain(link.pathname)
    const warnings = lines.map((l) => JSON.parse(l)).filter((l) => l.level === 'warn')
    expect(warnings).toEqual([
      expect.objectContaining({ msg: expect.stringMatching(/^mail not sent: SMTP_URL is not set/) }),
    ])
    expect(warnings[0]).toMatchObject({ to: member.user.email })
  })

  it('outside production, says where to read the mail, without its links', async () => {
    const devLines: string[] = []
    const devLogger = createLogger({ level: 'debug', json: true, write: (_s, l) => void devLines.push(l) })
    const url = 'http://localhost:3000/api/v1/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.secret-part'
    await outboxMailer(ctx.database.db, devLogger).send({
      to: 'dev@example.com',
      subject: 'Confirm',
      text: `Open ${url}`,
      html: `<a href="${url}">Open</a>`,
    })
    expect(devLines).toHaveLength(1)
    expect(JSON.parse(devLines[0]!)).toMatchObject({ level: 'info', to: 'dev@example.com' })
    expect(devLines[0]).toContain('/dev/outbox')
    expect(devLines[0]).not.toContain('secret-part')
    expect(devLines[0]).not.toContain('verify-email')
  })

  it('makes a production start without SMTP_URL warn, and no other', () => {
    expect(outboxWarning({ NODE_ENV: 'production' })).toMatch(/SMTP_URL is not set.*NOT sent/)
    expect(outboxWarning({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' })).toBeNull()
    expect(outboxWarning({ NODE_ENV: 'development' })).toBeNull()
  })
})
