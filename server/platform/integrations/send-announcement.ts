import type { Language } from '../../../contract/enums'
import type { AnnounceEvent, Announcement } from '../../../contract/integrations'
import { discordTarget } from './destination'
import { type DeliveryOutcome, deliver, type Transport } from './delivery'
import { discordMessage, webhookRequest } from './render'
import { open, sealContext } from './secret-box'
import type { IntegrationKind } from '../../../contract/enums'

// One announcement to one integration: open its sealed URL (and secret), render, post.

/** Where and how to send: the integration as stored (its URL and secret still sealed). */
export type Destination = {
  id: string
  guildId: string
  kind: IntegrationKind
  urlSealed: string
  secretSealed: string | null
  language: Language
}

/** A stored integration row as a destination (the columns are checked text: kind and language). */
export function destinationOf(row: {
  id: string
  guildId: string
  kind: string
  urlSealed: string
  secretSealed: string | null
  language: string
}): Destination {
  return { ...row, kind: row.kind as IntegrationKind, language: row.language as Language }
}

/** The URL and secret in clear, or null when they do not open (sealed under another AUTH_SECRET). */
function reveal(authSecret: string, d: Destination) {
  const url = open(authSecret, d.urlSealed, sealContext(d.guildId, d.kind, 'url'))
  if (d.kind === 'discord') return url === null ? null : { url, secret: null }
  const secret = d.secretSealed
    ? open(authSecret, d.secretSealed, sealContext(d.guildId, d.kind, 'secret'))
    : null
  return url === null || secret === null ? null : { url, secret }
}

export async function sendAnnouncement(
  input: { authSecret: string; transport: Transport; now: Date },
  d: Destination,
  announcement: Announcement,
  meta: { id: string; event: AnnounceEvent | 'test' },
): Promise<DeliveryOutcome> {
  const revealed = reveal(input.authSecret, d)
  if (!revealed) return { kind: 'rejected', status: 0, error: 'undecryptable' }
  if (d.kind === 'discord') {
    return deliver(input.transport, {
      url: discordTarget(revealed.url, input.transport.discordBaseUrl),
      body: JSON.stringify(discordMessage(announcement, d.language)),
      headers: {},
    })
  }
  const { body, signature } = webhookRequest({
    ...meta,
    announcement,
    language: d.language,
    secret: revealed.secret!,
    now: input.now,
  })
  return deliver(input.transport, {
    url: revealed.url,
    body,
    headers: {
      'x-lootqueue-signature': signature,
      'x-lootqueue-event': meta.event,
      'x-lootqueue-delivery': meta.id,
    },
  })
}
