import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

// A real local SMTP server for journeys that must see e-mail leave through SMTP (SMTP_URL), not the outbox.

export type ReceivedMail = {
  to: string[]
  /** The message's own header block, as sent (encoded words left as they are). */
  headers: string
  text: string
  receivedAt: Date
}

export type SmtpInbox = {
  /** The SMTP_URL the app sends through. */
  url: string
  mails: ReceivedMail[]
  /** The newest link to `to` containing `contains`, waiting for the message to arrive. */
  link: (to: string, contains: string, options?: { after?: Date; timeoutMs?: number }) => Promise<string>
  close: () => Promise<void>
}

const decodeQuotedPrintable = (body: string) =>
  Buffer.from(
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8')

/** The readable text of every MIME part (quoted-printable and base64 undone), enough to find links. */
function readable(raw: string): string {
  return raw
    .split(/\r?\n--[^\r\n]+\r?\n/)
    .map((part) => {
      const [head = '', ...rest] = part.split(/\r?\n\r?\n/)
      const body = rest.join('\n\n')
      if (/content-transfer-encoding:\s*base64/i.test(head))
        return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64').toString('utf8')
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return decodeQuotedPrintable(body)
      return body
    })
    .join('\n')
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = []
  const server = new SMTPServer({
    // Plain SMTP on loopback, no login: the app's SMTP_URL carries no credentials here.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1')
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          headers: raw.split(/\r?\n\r?\n/)[0]!,
          text: readable(raw),
          receivedAt: new Date(),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo

  const link: SmtpInbox['link'] = async (to, contains, { after, timeoutMs = 10_000 } = {}) => {
    const deadline = Date.now() + timeoutMs
    while (Date.now() < deadline) {
      for (const mail of [...mails].reverse()) {
        if (!mail.to.includes(to.toLowerCase()) || (after && mail.receivedAt < after)) continue
        const found = mail.text.match(/https?:\/\/[^\s"'<>]+/g)?.find((l) => l.includes(contains))
        if (found) return found.replace(/&amp;/g, '&')
      }
      await new Promise((r) => setTimeout(r, 100))
    }
    throw new Error(`no e-mail to ${to} with a link containing ${contains} reached the SMTP server`)
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    link,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
