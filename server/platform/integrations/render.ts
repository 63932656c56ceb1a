import { createHmac } from 'node:crypto'
import type { Language, Rarity } from '../../../contract/enums'
import type { AnnounceEvent, Announcement, WebhookDelivery } from '../../../contract/integrations'
import { translate, translateCount } from '../../lib/i18n'

// An announcement in words (texts: web/locales/<lang>/announcements.json): a Discord embed, or the generic
// webhook's signed JSON body.

/** The colours games give these rarities; an item without one gets LootQueue's own. */
export const RARITY_COLORS: Record<Rarity, number> = {
  common: 0x9d9d9d,
  uncommon: 0x1eff00,
  rare: 0x0070dd,
  epic: 0xa335ee,
  legendary: 0xff8000,
}
const DEFAULT_COLOR = 0x6366f1
const UNDONE_COLOR = 0x64748b

const t = (language: Language, key: string, vars?: Record<string, string | number>) =>
  translate(language, 'announcements', key, vars)

/** The announcement in one line, e.g. "Ana received Espada Lendária". */
export function announcementText(a: Announcement, language: Language): string {
  const vars = {
    player: a.player?.name ?? '',
    item: a.item?.name ?? '',
    guild: a.guild.name,
    from: a.subscription ? t(language, `status_${a.subscription.from}`) : '',
    to: a.subscription ? t(language, `status_${a.subscription.to}`) : '',
  }
  const text =
    a.type === 'queue_add_all'
      ? translateCount(language, 'announcements', a.type, a.count ?? 0, vars)
      : t(language, a.type, vars)
  return a.undone ? t(language, 'undone', { text }) : text
}

const limit = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value)

type EmbedField = { name: string; value: string; inline?: boolean }

function fieldsOf(a: Announcement, language: Language): EmbedField[] {
  const fields: EmbedField[] = []
  if (a.previousPosition !== null)
    fields.push({ name: t(language, 'previousPosition'), value: `#${a.previousPosition}`, inline: true })
  if (a.newPosition !== null)
    fields.push({ name: t(language, 'newPosition'), value: `#${a.newPosition}`, inline: true })
  if (a.penaltyDays !== null) {
    const days = translateCount(language, 'announcements', 'days', a.penaltyDays)
    fields.push({ name: t(language, 'penalty'), value: days, inline: true })
  }
  if (a.note) fields.push({ name: t(language, 'note'), value: limit(a.note, 1024) })
  if (a.type !== 'test')
    fields.push({
      name: t(language, 'by'),
      value: limit(a.actor ?? t(language, 'system'), 1024),
      inline: true,
    })
  return fields
}

/**
 * Discord's execute-webhook body: one embed. `allowed_mentions` is empty, so a name or note holding
 * "@everyone" or a role mention pings nobody.
 */
export function discordMessage(a: Announcement, language: Language) {
  const color = a.undone ? UNDONE_COLOR : a.item?.rarity ? RARITY_COLORS[a.item.rarity] : DEFAULT_COLOR
  const description = a.undone
    ? t(language, 'undoneDescription')
    : a.type === 'test'
      ? t(language, 'testDescription')
      : undefined
  return {
    allowed_mentions: { parse: [] as string[] },
    embeds: [
      {
        title: limit(announcementText(a, language), 256),
        url: a.guild.publicUrl,
        ...(description ? { description } : {}),
        color,
        fields: fieldsOf(a, language),
        footer: { text: limit(t(language, 'footer', { guild: a.guild.name }), 2048) },
        timestamp: a.occurredAt,
      },
    ],
  }
}

/** The generic webhook's body and its signature header (contract/integrations.ts WEBHOOK_SIGNATURE_HEADER). */
export function webhookRequest(input: {
  id: string
  event: AnnounceEvent | 'test'
  announcement: Announcement
  language: Language
  secret: string
  now: Date
}) {
  const delivery: WebhookDelivery = {
    id: input.id,
    event: input.event,
    announcement: input.announcement,
    text: announcementText(input.announcement, input.language),
  }
  const body = JSON.stringify(delivery)
  return { body, signature: signWebhookBody(input.secret, body, input.now) }
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: the time is signed too, against replays. */
export function signWebhookBody(secret: string, body: string, now: Date): string {
  const time = Math.floor(now.getTime() / 1000)
  const mac = createHmac('sha256', secret).update(`${time}.${body}`).digest('hex')
  return `t=${time},v1=${mac}`
}
