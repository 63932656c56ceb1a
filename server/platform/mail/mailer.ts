import type { Transporter } from 'nodemailer'
import type { Db } from '../../db/client'
import { mailOutbox } from '../../db/schema'
import type { Logger } from '../../lib/logger'

export type Mail = {
  to: string
  subject: string
  text: string
  html: string
  /** Extra headers (a notification's List-Unsubscribe); the development outbox keeps none. */
  headers?: Record<string, string>
}
export type Mailer = { kind: 'smtp' | 'outbox'; send: (mail: Mail) => Promise<void> }

/**
 * Real delivery through SMTP. nodemailer is loaded with the first mail, not at start: a start compiles only
 * what its first answers need (issue 13: a start answers within 2 s).
 */
export function smtpMailer(url: string, from: string): Mailer {
  let transport: Promise<Transporter> | undefined
  const smtp = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url)))
  return {
    kind: 'smtp',
    send: async (mail) => {
      await (await smtp()).sendMail({ from, ...mail })
    },
  }
}

/**
 * No SMTP configured: keep the message in the database, where the development outbox (/dev/outbox) shows it.
 * Its links carry the reset and confirmation tokens: the log says a mail was kept, never what it links to
 * (docs/operations.md, "Logs"). In production nobody reads that outbox (/dev is not served): every mail is a
 * warning that it reached no one (`outboxWarning` says so once at start).
 */
export function outboxMailer(db: Db, logger: Logger, options: { production?: boolean } = {}): Mailer {
  return {
    kind: 'outbox',
    send: async (mail) => {
      const { to, subject, text, html } = mail
      await db.insert(mailOutbox).values({ to, subject, text, html })
      if (options.production) {
        logger.warn('mail not sent: SMTP_URL is not set, the mail stays in the database outbox', {
          to,
          subject,
        })
      } else {
        logger.info('mail stored in outbox: read it at /dev/outbox', { to, subject })
      }
    },
  }
}

/** What a production start says when no mail can leave; null when mail is delivered or this is no production. */
export function outboxWarning(env: { NODE_ENV: string; SMTP_URL?: string | undefined }): string | null {
  if (env.NODE_ENV !== 'production' || env.SMTP_URL) return null
  return (
    'SMTP_URL is not set: e-mails (sign-up confirmation, password reset, notifications) are NOT sent; they ' +
    'stay in the database outbox, which production does not serve. Set SMTP_URL (docs/operations.md, section 4)'
  )
}
