import { randomUUID } from 'node:crypto'
import type { AnnounceEvent, Announcement } from '../../../contract/integrations'
import type { Database } from '../../db/client'
import type { Language } from '../../../contract/enums'
import { type Notification, type NotifyEvent, switchOf } from '../../../contract/notifications'
import type { Logger } from '../../lib/logger'
import type { Mailer } from '../mail/mailer'
import { renderNotification } from '../mail/notification-mail'
import { unsubscribeUrl } from '../mail/unsubscribe-token'
import type { Realtime } from '../realtime'
import { backoffMs, type DeliveryOutcome, MAX_ATTEMPTS, type Transport } from './delivery'
import {
  type ClaimedMessage,
  claimDue,
  disableIntegration,
  markCancelled,
  markFailed,
  markSent,
  notificationRecipient,
  pruneFinished,
  reschedule,
} from './outbox.queries'
import { type Destination, destinationOf, sendAnnouncement } from './send-announcement'

// Sends the outbox after the commits that filled it (docs/decisions/011-integrations.md). Runs in every
// process; a message is claimed by one sender for a lease longer than a delivery can take, so it leaves once
// even with many processes. A sender that dies mid-delivery leaves its claim to expire: the message is then
// sent again (at least once; the generic webhook's delivery id lets a receiver drop the repeat).
// The same outbox carries members' notification e-mails (docs/decisions/020-notifications.md): a row with a
// recipient instead of an integration is rendered in their language and sent through the mailer.

const LEASE_MS = 60_000
const BATCH = 10
const POLL_MS = 2_000
const PRUNE_EVERY_MS = 3_600_000
const KEEP_FINISHED_MS = 7 * 86_400_000

export type Announcer = {
  /** A commit just filled the outbox: send now instead of at the next poll. */
  wake: () => void
  /** Sends every message due now, until none is left; answers how many deliveries were tried. For tests. */
  drain: () => Promise<number>
  /** One delivery straight away, outside the outbox (the guild page's test button). */
  sendNow: (destination: Destination, announcement: Announcement) => Promise<DeliveryOutcome>
  start: () => void
  /** Stops polling and waits for the deliveries under way (each ends within the transport's timeout). */
  stop: () => Promise<void>
}

type Options = {
  database: Database
  authSecret: string
  transport: Transport
  logger: Logger
  realtime: Realtime
  /** Notification e-mails leave through it (SMTP, or the development outbox). */
  mailer: Mailer
  /** Links in notification e-mails. */
  appUrl: string
  now: () => Date
}

export function createAnnouncer(options: Options): Announcer {
  const { database, authSecret, transport, logger, now } = options
  const db = database.db
  let running = false
  let loop: Promise<void> | null = null
  let wakeUp: (() => void) | null = null
  // A wake while a round runs is kept, so a commit made during it is not left to the next poll.
  let woken = false
  let lastPrune = 0

  const sendNow = (
    destination: Destination,
    announcement: Announcement,
    meta: { id: string; event: AnnounceEvent | 'test' } = { id: randomUUID(), event: 'test' },
  ) => sendAnnouncement({ authSecret, transport, now: now() }, destination, announcement, meta)

  /** A notification e-mail: sent while its recipient is an active member with its switch still on. */
  async function settleMail(message: ClaimedMessage['message'], userId: string) {
    const which = switchOf(message.event as NotifyEvent)
    const to = await notificationRecipient(db, { userId, guildId: message.guildId })
    if (!to?.isActive || !to.switches[which]) return markCancelled(db, message.id)
    try {
      await options.mailer.send(
        renderNotification({
          notification: message.announcement as Notification,
          which,
          to: { email: to.email, name: to.name, language: to.language as Language },
          appUrl: options.appUrl,
          unsubscribeUrl: unsubscribeUrl(options.appUrl, authSecret, userId, which),
        }),
      )
    } catch (error) {
      const failure = `mail: ${(error as Error).message}`.slice(0, 300)
      if (message.attempts >= MAX_ATTEMPTS) {
        logger.warn('notification e-mail given up', { error: failure })
        return markFailed(db, { id: message.id, status: null, error: failure })
      }
      const at = now()
      return reschedule(db, {
        id: message.id,
        at: new Date(at.getTime() + backoffMs(message.attempts)),
        status: null,
        error: failure,
      })
    }
    await markSent(db, { id: message.id, integrationId: null, status: null, at: now() })
  }

  async function settle({ message, integration }: ClaimedMessage) {
    if (message.userId) return settleMail(message, message.userId)
    if (!integration || integration.disabledAt) return markCancelled(db, message.id)
    const outcome = await sendNow(destinationOf(integration), message.announcement as Announcement, {
      id: message.id,
      event: message.event as AnnounceEvent,
    })
    const at = now()
    if (outcome.kind === 'sent') {
      return markSent(db, { id: message.id, integrationId: integration.id, status: outcome.status, at })
    }
    if (outcome.kind === 'rejected') {
      const guildId = await disableIntegration(db, {
        messageId: message.id,
        integrationId: integration.id,
        urlSealed: integration.urlSealed,
        reason: outcome.error === 'undecryptable' ? 'undecryptable' : 'rejected',
        status: outcome.status || null,
        error: outcome.error,
        at,
      })
      logger.warn('integration disabled', { kind: integration.kind, status: outcome.status })
      // Open guild pages show the notice at once.
      if (guildId) await options.realtime.publish({ guildId, topic: 'guild' })
      return
    }
    // A 429 is the receiver pacing us, not a failure: it does not use up the attempts.
    if (outcome.status !== 429 && message.attempts >= MAX_ATTEMPTS) {
      logger.warn('integration message given up', { kind: integration.kind, error: outcome.error })
      return markFailed(db, { id: message.id, status: outcome.status, error: outcome.error })
    }
    const delay = outcome.afterMs ?? backoffMs(message.attempts)
    await reschedule(db, {
      id: message.id,
      at: new Date(at.getTime() + delay),
      status: outcome.status,
      error: outcome.error,
    })
  }

  /** One round: claim what is due, deliver it (different integrations in parallel). */
  async function round(): Promise<number> {
    const at = now()
    const claimed = await claimDue(db, { now: at, leaseEnd: new Date(at.getTime() + LEASE_MS), limit: BATCH })
    await Promise.all(
      claimed.map((row) =>
        settle(row).catch((error: unknown) => {
          // The claim stays until its lease ends, then the message is tried again.
          logger.warn('integration delivery failed', { error: String(error) })
        }),
      ),
    )
    return claimed.length
  }

  async function drain(): Promise<number> {
    let total = 0
    for (;;) {
      const n = await round()
      total += n
      if (n === 0) return total
    }
  }

  async function maybePrune() {
    const at = now()
    if (at.getTime() - lastPrune < PRUNE_EVERY_MS) return
    lastPrune = at.getTime()
    await pruneFinished(db, new Date(at.getTime() - KEEP_FINISHED_MS))
  }

  async function run() {
    while (running) {
      woken = false
      try {
        await drain()
        await maybePrune()
      } catch (error) {
        logger.warn('integration sender round failed', { error: String(error) })
      }
      if (!running) break
      if (woken) {
        woken = false
        continue
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS)
        timer.unref()
        wakeUp = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      wakeUp = null
    }
  }

  return {
    wake: () => {
      woken = true
      wakeUp?.()
    },
    drain,
    sendNow: (destination, announcement) => sendNow(destination, announcement),
    start: () => {
      if (running) return
      running = true
      loop = run()
    },
    stop: async () => {
      running = false
      wakeUp?.()
      await loop
      loop = null
    },
  }
}
