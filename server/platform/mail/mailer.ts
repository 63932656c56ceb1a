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

/** No SMTP configured: keep the message in the database (read at /dev/outbox) and log its links. */
export function outboxMailer(db: Db, logger: Logger): Mailer {
  return {
    kind: 'outbox',
    send: async (mail) => {
      const { to, subject, text, html } = mail
      await db.insert(mailOutbox).values({ to, subject, text, html })
      const links = mail.text.match(/https?:\/\/\S+/g) ?? []
      logger.info('mail stored in outbox', { to: mail.to, subject: mail.subject, links: links.join(' ') })
    },
  }
}
