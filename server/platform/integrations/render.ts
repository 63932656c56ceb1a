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
    night: a.night?.name ?? '',
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

/** Discord's limits on an embed (https://discord.com/developers/docs/resources/message#embed-object-embed-limits). */
export const DISCORD_LIMITS = { title: 256, description: 4096, fieldValue: 1024, footer: 2048, total: 6000 }

type EmbedField = { name: string; value: string; inline?: boolean }

/** A Discord timestamp: every reader sees it in their own time zone and language. */
const discordTime = (iso: string, style: 'F' | 't') => `<t:${Math.floor(Date.parse(iso) / 1000)}:${style}>`

/** Text shown as typed in Discord's markdown: its formatting characters escaped. */
const plain = (value: string) => value.replace(/([\\*_~`|[\]])/g, '\\$1')

function fieldsOf(a: Announcement, language: Language): EmbedField[] {
  const fields: EmbedField[] = []
  if (a.type === 'night_started' && a.night) {
    fields.push({ name: t(language, 'nightStarts'), value: discordTime(a.night.startsAt, 'F'), inline: true })
    if (a.night.endsAt)
      fields.push({ name: t(language, 'nightEnds'), value: discordTime(a.night.endsAt, 't'), inline: true })
  }
  if (a.recap) fields.push(...recapFields(a.recap, language))
  if (a.previousPosition !== null)
    fields.push({ name: t(language, 'previousPosition'), value: `#${a.previousPosition}`, inline: true })
  if (a.newPosition !== null)
    fields.push({ name: t(language, 'newPosition'), value: `#${a.newPosition}`, inline: true })
  if (a.penaltyDays !== null) {
    const days = translateCount(language, 'announcements', 'days', a.penaltyDays)
    fields.push({ name: t(language, 'penalty'), value: days, inline: true })
  }
  if (a.type === 'item_received' && a.nextInLine !== undefined) {
    const next = a.nextInLine ? limit(a.nextInLine.name, 1024) : t(language, 'nobodyNext')
    fields.push({ name: t(language, 'nextInLine'), value: next, inline: true })
  }
  if (a.note) fields.push({ name: t(language, 'note'), value: limit(a.note, 1024) })
  if (a.type !== 'test' && a.type !== 'night_started')
    fields.push({
      name: t(language, 'by'),
      value: limit(a.actor ?? t(language, 'system'), 1024),
      inline: true,
    })
  return fields
}

type Recap = NonNullable<Announcement['recap']>

/** The night's marks counted ("Present 12 · Late 1 · …") and its number of awards. */
function recapFields(recap: Recap, language: Language): EmbedField[] {
  const marks = (['present', 'late', 'bench', 'excused', 'noShow'] as const)
    .map((mark) => `${t(language, `mark_${mark}`)}: ${recap.attendance[mark]}`)
    .join(' · ')
  return [
    { name: t(language, 'attendance'), value: marks },
    { name: t(language, 'awards'), value: String(recap.awards.length), inline: true },
  ]
}

/**
 * The recap's awards, one line each ("**Item** → Player — note"), as many as `budget` characters hold; the
 * rest are counted in a last line ("+3 more"), so a long night never breaks Discord's limits.
 */
export function recapLines(recap: Recap, language: Language, budget: number): string {
  if (recap.awards.length === 0) return t(language, 'noAwards')
  const lines = recap.awards.map((award) => {
    const note = award.note ? ` — ${plain(limit(award.note, 200))}` : ''
    return `**${plain(award.item.name)}** → ${plain(award.player.name)}${note}`
  })
  const out: string[] = []
  let used = 0
  for (const [i, line] of lines.entries()) {
    const left = lines.length - i - 1
    const more = left > 0 ? translateCount(language, 'announcements', 'moreAwards', left).length + 1 : 0
    if (used + line.length + 1 + more > budget) {
      out.push(translateCount(language, 'announcements', 'moreAwards', lines.length - i))
      return out.join('\n')
    }
    out.push(line)
    used += line.length + 1
  }
  return out.join('\n')
}

/** What the embed says under its title: a night's description or recap, an undo's or a test's words. */
function descriptionOf(a: Announcement, language: Language, room: number): string | undefined {
  if (a.undone) return t(language, 'undoneDescription')
  if (a.type === 'test') return t(language, 'testDescription')
  if (a.type === 'night_started' && a.night?.description)
    return limit(a.night.description, Math.min(room, DISCORD_LIMITS.description))
  if (a.type === 'night_recap' && a.recap)
    return recapLines(a.recap, language, Math.min(room, DISCORD_LIMITS.description))
  return undefined
}

/**
 * Discord's execute-webhook body: one embed. `allowed_mentions` is empty, so a name or note holding
 * "@everyone" or a role mention pings nobody.
 */
export function discordMessage(a: Announcement, language: Language) {
  const color = a.undone ? UNDONE_COLOR : a.item?.rarity ? RARITY_COLORS[a.item.rarity] : DEFAULT_COLOR
  const title = limit(announcementText(a, language), DISCORD_LIMITS.title)
  const fields = fieldsOf(a, language)
  const footer = limit(t(language, 'footer', { guild: a.guild.name }), DISCORD_LIMITS.footer)
  // Discord counts the title, description, fields and footer together against one total.
  const rest = title.length + footer.length + fields.reduce((n, f) => n + f.name.length + f.value.length, 0)
  const description = descriptionOf(a, language, DISCORD_LIMITS.total - rest)
  return {
    allowed_mentions: { parse: [] as string[] },
    embeds: [
      {
        title,
        url: a.guild.publicUrl,
        ...(description ? { description } : {}),
        color,
        fields,
        footer: { text: footer },
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
