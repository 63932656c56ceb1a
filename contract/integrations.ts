import { z } from 'zod'
import { orNull, text } from './common'
import { LANGUAGES, RARITIES, INTEGRATION_KINDS } from './enums'
import { AttendanceCountsSchema } from './raid-nights'

// Discord and the generic signed webhook (docs/decisions/011-integrations.md). One of each per guild.

/**
 * What a guild may choose to announce: awards; absences and penalties; queue changes; subscription state;
 * raid nights (started, and one recap when completed); and each award during a night on its own. With
 * `raid_nights` chosen, an award during a night goes only into the recap unless `night_awards` is chosen
 * too; without `raid_nights`, awards are announced under `awards` whenever they happen
 * (docs/decisions/011-integrations.md, "Raid nights").
 */
export const ANNOUNCE_EVENTS = [
  'awards',
  'absences',
  'queue',
  'subscription',
  'raid_nights',
  'night_awards',
] as const
export type AnnounceEvent = (typeof ANNOUNCE_EVENTS)[number]
/** What a new integration starts with: everything but one message per award during a night. */
export const DEFAULT_ANNOUNCE_EVENTS: AnnounceEvent[] = ANNOUNCE_EVENTS.filter((e) => e !== 'night_awards')

/** Why an integration stopped sending: the receiver refused it for good, or its stored URL cannot be read. */
export const DISABLED_REASONS = ['rejected', 'undecryptable'] as const
export type DisabledReason = (typeof DISABLED_REASONS)[number]

export const WEBHOOK_SECRET_MIN = 16
export const WEBHOOK_SECRET_MAX = 200
export const INTEGRATION_URL_MAX = 500

/** Discord's webhook hosts; the path is /api[/vN]/webhooks/{id}/{token}. */
export const DISCORD_HOSTS = [
  'discord.com',
  'ptb.discord.com',
  'canary.discord.com',
  'discordapp.com',
  'ptb.discordapp.com',
  'canary.discordapp.com',
] as const
const DISCORD_PATH = /^\/api(?:\/v\d{1,2})?\/webhooks\/(\d{5,30})\/([A-Za-z0-9_-]{20,200})\/?$/

/** A Discord webhook's path, its API version aside: its id and its token; null for any other path. */
export function discordWebhookPath(pathname: string): { id: string; token: string } | null {
  const match = DISCORD_PATH.exec(pathname)
  return match ? { id: match[1]!, token: match[2]! } : null
}

function parseUrl(value: string): URL | null {
  try {
    return new URL(value)
  } catch {
    return null
  }
}

/**
 * A receiver on this machine (http or https, localhost / 127.0.0.1 / [::1], any path). The schema lets it
 * through so the form can submit it; the server accepts it only when INTEGRATIONS_ALLOW_LOCAL_URLS is on
 * (local test receivers; refused in production).
 */
export function isLocalUrl(value: string): boolean {
  const url = parseUrl(value)
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return false
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) && !url.username && !url.password
}

/** https, a Discord host, the webhook path, nothing else (no credentials, query or fragment). */
export function isDiscordWebhookUrl(value: string): boolean {
  const url = parseUrl(value)
  if (url?.protocol !== 'https:' || url.port !== '' || url.username || url.password) return false
  if (url.search || url.hash) return false
  return (
    (DISCORD_HOSTS as readonly string[]).includes(url.hostname) && discordWebhookPath(url.pathname) !== null
  )
}

/** Any https address without credentials (the server also refuses private and loopback addresses). */
export function isHttpsUrl(value: string): boolean {
  const url = parseUrl(value)
  return Boolean(url && url.protocol === 'https:' && !url.username && !url.password && url.hostname)
}

const urlText = () => text().trim().min(1, 'required').max(INTEGRATION_URL_MAX, 'urlTooLong')

export const DiscordUrlSchema = urlText().refine(
  (v) => isDiscordWebhookUrl(v) || isLocalUrl(v),
  'discordUrlInvalid',
)
export const WebhookUrlSchema = urlText().refine((v) => isHttpsUrl(v) || isLocalUrl(v), 'webhookUrlInvalid')

const eventsSchema = z
  .array(z.enum(ANNOUNCE_EVENTS))
  .max(ANNOUNCE_EVENTS.length)
  .transform((list) => ANNOUNCE_EVENTS.filter((event) => list.includes(event)))

/**
 * Creates or changes the guild's Discord announcements. `url` may be left out to keep the stored one (it is
 * never shown back in full); saving re-enables an integration the receiver had refused.
 */
export const DiscordSettingsSchema = z
  .object({
    url: DiscordUrlSchema.optional(),
    events: eventsSchema,
    language: z.enum(LANGUAGES),
  })
  .meta({ id: 'DiscordSettings' })

/** The generic JSON webhook: like Discord's, plus the secret that signs each delivery (kept when left out). */
export const WebhookSettingsSchema = z
  .object({
    url: WebhookUrlSchema.optional(),
    secret: text().min(WEBHOOK_SECRET_MIN, 'secretTooShort').max(WEBHOOK_SECRET_MAX, 'tooLong').optional(),
    events: eventsSchema,
    language: z.enum(LANGUAGES),
  })
  .meta({ id: 'WebhookSettings' })

export const IntegrationSchema = z
  .object({
    kind: z.enum(INTEGRATION_KINDS),
    /** The address with its secret part hidden: the full URL never leaves the server. */
    maskedUrl: z.string(),
    events: z.array(z.enum(ANNOUNCE_EVENTS)),
    language: z.enum(LANGUAGES),
    /** Set when sending stopped: the receiver refused for good (e.g. the Discord webhook was deleted). */
    disabled: z
      .object({
        reason: z.enum(DISABLED_REASONS),
        /** The HTTP status the receiver answered, when it answered. */
        status: z.number().int().nullable(),
        at: z.string(),
      })
      .nullable(),
    /** The generic webhook has a signing secret (never shown). */
    hasSecret: z.boolean(),
    lastSentAt: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Integration' })

export const IntegrationsSchema = z
  .object({ discord: orNull(IntegrationSchema), webhook: orNull(IntegrationSchema) })
  .meta({ id: 'Integrations' })

export const IntegrationTestResultSchema = z
  .object({
    delivered: z.boolean(),
    /** The receiver's HTTP status; null when it could not be reached. */
    status: z.number().int().nullable(),
  })
  .meta({ id: 'IntegrationTestResult' })

export type DiscordSettings = z.input<typeof DiscordSettingsSchema>
export type WebhookSettings = z.input<typeof WebhookSettingsSchema>
export type Integration = z.infer<typeof IntegrationSchema>
export type Integrations = z.infer<typeof IntegrationsSchema>
export type IntegrationTestResult = z.infer<typeof IntegrationTestResultSchema>

// What a delivery says, language-neutral: the generic webhook's JSON body, and what a Discord embed is
// rendered from in the integration's language.

export const ANNOUNCEMENT_TYPES = [
  'item_received',
  'player_absent',
  'player_penalized',
  'player_penalty_removed',
  'player_not_interested',
  'player_interested',
  'queue_add',
  'queue_add_all',
  'queue_remove',
  'queue_reorder',
  'subscription_changed',
  'night_started',
  'night_recap',
  'test',
] as const
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number]

/** The raid night a night announcement is about (its times in UTC). */
export const AnnouncedNightSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
})

/** What a completed night's recap says: every award of the night, in order, and the marks counted. */
export const NightRecapSchema = z.object({
  awards: z.array(
    z.object({
      item: z.object({ name: z.string(), rarity: z.enum(RARITIES).nullable() }),
      player: z.object({ name: z.string() }),
      note: z.string().nullable(),
      at: z.string(),
    }),
  ),
  attendance: AttendanceCountsSchema,
})

export const AnnouncementSchema = z
  .object({
    type: z.enum(ANNOUNCEMENT_TYPES),
    /** True when this announces that an earlier announcement's action was undone. */
    undone: z.boolean(),
    guild: z.object({ name: z.string(), slug: z.string(), publicUrl: z.string() }),
    item: z.object({ id: z.uuid(), name: z.string(), rarity: z.enum(RARITIES).nullable() }).nullable(),
    player: z.object({ name: z.string() }).nullable(),
    /** 1-based, among the players shown, before the action. */
    previousPosition: z.number().int().nullable(),
    /** 1-based, among the players shown, after the action (null when the player left the queue). */
    newPosition: z.number().int().nullable(),
    penaltyDays: z.number().int().nullable(),
    /** Players added at once (add all) or ordered (reorder). */
    count: z.number().int().nullable(),
    subscription: z.object({ from: z.string(), to: z.string() }).nullable(),
    /**
     * An award: who is next in line for the item after it (contract/next-in-line.ts; during a night, among
     * those here; never a player below the item's minimum rank, and by rank first when the guild says so),
     * null when nobody can receive it. Absent on announcements of other kinds and older ones.
     */
    nextInLine: z.object({ name: z.string() }).nullable().optional(),
    /** The night started or completed (night_started, night_recap). */
    night: AnnouncedNightSchema.nullable().optional(),
    /** night_recap only. */
    recap: NightRecapSchema.nullable().optional(),
    note: z.string().nullable(),
    /** Display name of who acted; null for the system (billing). */
    actor: z.string().nullable(),
    occurredAt: z.string(),
  })
  .meta({ id: 'Announcement' })
export type Announcement = z.infer<typeof AnnouncementSchema>

/** The generic webhook's body. */
export const WebhookDeliverySchema = z
  .object({
    /** Unique per delivery; a retried delivery keeps its id (use it to drop duplicates). */
    id: z.uuid(),
    event: z.enum(ANNOUNCE_EVENTS).or(z.literal('test')),
    announcement: AnnouncementSchema,
    /** The same announcement in the integration's language, one line. */
    text: z.string(),
  })
  .meta({ id: 'WebhookDelivery' })
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>

/** Header of each generic delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-LootQueue-Signature'
