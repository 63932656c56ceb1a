import { z } from 'zod'
import { orNull, text } from './common'
import { ItemSchema } from './items'
import { PublicVisibilitySchema } from './public-visibility'
import { ENTRY_STANDING, QueueEntrySchema } from './queues'
import { PUBLIC_ATTENDANCE_STATUSES, PUBLIC_QUEUE_MODES } from './enums'

// The public guild page (docs/product-rules.md, "Public page"; how the gate works:
// docs/decisions/005-public-gate-and-realtime.md).
// Nothing here may carry the guild's password, a hidden item or private player data: these shapes are all
// an anonymous browser ever sees.

/**
 * Why a public page is closed, each said as it is (docs/product-rules.md, "Public page"): the subscription ended
 * (expired, or cancelled from its date on), its payment failed and is pending (past_due: it opens again once
 * paid), or the trial is over.
 */
export const PUBLIC_BLOCK_CODES = [
  'PUBLIC_SUBSCRIPTION_EXPIRED',
  'PUBLIC_PAYMENT_PENDING',
  'PUBLIC_TRIAL_EXPIRED',
] as const
export type PublicBlockCode = (typeof PUBLIC_BLOCK_CODES)[number]

/** What slugify (contract/accounts.ts) can produce; anything else names no guild. */
export const PUBLIC_SLUG = /^[a-z0-9-]{1,200}$/
export const PublicSlugParamSchema = z.object({ slug: z.string().regex(PUBLIC_SLUG) })
/**
 * A public item queue's address. The id is any text here: one that is not an item id names no item, and is
 * answered 404 behind the gate as an unknown one is (server/modules/public/public-reads.ts), as a player's
 * page is (contract/player-standing.ts): there is no field a visitor could correct.
 */
export const PublicItemParamSchema = PublicSlugParamSchema.extend({ itemId: z.string() })

export const PublicGateSchema = z
  .object({
    name: z.string(),
    slug: z.string(),
    /** Why the page is closed, or null when it is open. */
    blocked: z.enum(PUBLIC_BLOCK_CODES).nullable(),
    /** The guild has a public password at all (without one, nobody can enter). */
    passwordSet: z.boolean(),
    /** This browser holds a valid access cookie for this guild. */
    hasAccess: z.boolean(),
  })
  .meta({ id: 'PublicGate' })

/**
 * The longest password the public gate takes: more than any public password can be (MAX_PUBLIC_PASSWORD), so a
 * longer one is a wrong password, not a malformed request.
 */
export const PUBLIC_GATE_PASSWORD_MAX = 200

export const PublicAccessInputSchema = z
  .object({ password: text().max(PUBLIC_GATE_PASSWORD_MAX).default('') })
  .meta({ id: 'PublicAccessInput' })

export const PublicAccessResultSchema = z
  .object({ ok: z.literal(true), expiresAt: z.string() })
  .meta({ id: 'PublicAccessResult' })

/** An item as the public sees it: the admin's item without its visibility flag and dates. */
export const PublicItemSchema = ItemSchema.pick({
  id: true,
  name: true,
  description: true,
  rarity: true,
  itemType: true,
  queueCount: true,
}).meta({ id: 'PublicItem' })

/**
 * The raid night running now: its name and times, and the players it marks away (bench, excused or
 * no-show: the page says who is not here tonight, not why).
 */
export const PublicTonightSchema = z
  .object({
    name: z.string(),
    startsAt: z.string(),
    runsUntil: z.string(),
    /**
     * The guild's time zone (an IANA id), whose clock the page reads the night's times on, as the dashboard
     * does (docs/product-rules.md, "Raid nights"). Not a secret: the guild chose it, and the times themselves
     * tell it to anyone who reads them.
     */
    timeZone: z.string(),
    awayPlayerIds: z.array(z.uuid()),
  })
  .meta({ id: 'PublicTonight' })
export type PublicTonight = z.infer<typeof PublicTonightSchema>

export const PublicViewSchema = z
  .object({
    guild: z.object({
      name: z.string(),
      slug: z.string(),
      publicRules: z.string().nullable(),
      /**
       * The guild's time zone (an IANA id): the page's own dates are the reader's, and say so to a reader on
       * another clock (docs/product-rules.md, "Raid nights"). Not a secret, as PublicTonight's.
       */
      timeZone: z.string(),
    }),
    /** Items with is_public_visible only, newest first. */
    items: z.array(PublicItemSchema),
    /** The raid night running now, if any. */
    tonight: orNull(PublicTonightSchema),
    /** When `tonight` stops being right without a write (it ends, the next night starts): read again then. */
    checkAgainAt: z.string().nullable(),
    /** What the guild shows the public (contract/public-visibility.ts): the page says why something is missing. */
    visibility: PublicVisibilitySchema,
  })
  .meta({ id: 'PublicView' })

/**
 * A queue entry as the public sees it: no player notes or status. playerId leads to the player's public page,
 * /guilds/{slug}/players/{playerId}.
 */
// No entry id: a read-only page has no use for it, and the 300 random ids of a big queue were 43 % of its
// gzip bytes. A player is in a queue once, so the player's id names the row
// (docs/decisions/009-cached-reads.md, "Bytes").
export const PublicQueueEntrySchema = QueueEntrySchema.pick({
  position: true,
  playerId: true,
  playerName: true,
  ...ENTRY_STANDING,
  // Ranks decide who is next (contract/next-in-line.ts); the page says why a player below the minimum is not.
  rankLevel: true,
  belowMinimumRank: true,
})
  .extend({
    /** `had_turn` for received and absent when the guild hides counters (PublicVisibility.showCounters). */
    attendanceStatus: z.enum(PUBLIC_ATTENDANCE_STATUSES),
    /** Null when the guild hides counters from the public (PublicVisibility.showCounters). */
    timesReceived: z.number().int().nullable(),
    timesAbsent: z.number().int().nullable(),
    /**
     * The note typed with the latest action on this entry (null when it had none, it was undone, it was
     * marked officers only, or the guild hides notes, or it was a penalty's reason and the guild hides those).
     */
    lastNote: z.string().nullable(),
    /**
     * The player's rank's name (null: no rank). Ranks are not a visibility setting (decision 019): the page
     * names them so that "rank first" and a minimum rank explain who is next.
     */
    rankName: z.string().nullable(),
  })
  .meta({ id: 'PublicQueueEntry' })

export const PublicQueueSchema = z
  .object({
    itemId: z.uuid(),
    /** The guild's "rank first" (QueueView.rankFirst). */
    rankFirst: z.boolean(),
    /** The name of the item's minimum rank (null: anyone may receive it): the page says "only from <rank> on". */
    minRankName: z.string().nullable(),
    /** The entries the guild shows: all, the first `shown.first`, or none (PublicVisibility.queueMode). */
    entries: z.array(PublicQueueEntrySchema),
    /** How much of the queue is shown, and how long it is: the page says what it leaves out. */
    shown: z.object({
      mode: z.enum(PUBLIC_QUEUE_MODES),
      first: z.number().int(),
      /** Entries of active players in the queue, shown or not. */
      total: z.number().int(),
    }),
    /**
     * The players of the queue whose entries are not shown, by name (never in queue order): each can still
     * open their own page and see their place there. With what says whether one of them is next (their
     * status, penalty and rank, as their own page shows them): with "rank first" the next can stand below the
     * places shown, and the page must then mark none of those (outside tester J: a Core player shown "next"
     * while an officer further down was).
     */
    unlisted: z.array(
      PublicQueueEntrySchema.pick({
        playerId: true,
        playerName: true,
        attendanceStatus: true,
        isPenalized: true,
        penaltyUntil: true,
        rankLevel: true,
        belowMinimumRank: true,
      }),
    ),
    /**
     * playerId: null when the player was deleted since (the history keeps the name). Null when the guild hides
     * counters: who received the item is "what each player received" (PublicVisibility.showCounters).
     */
    lastRecipient: z
      .object({
        playerId: z.uuid().nullable(),
        playerName: z.string(),
        distributedAt: z.string(),
        note: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'PublicQueue' })

/** What a realtime stream announces: a topic and maybe an item id, never data. */
export const GuildEventPayloadSchema = z.object({
  topic: z.enum(['queues', 'items', 'players', 'guild', 'history', 'members', 'raid-nights']),
  itemId: z.string().optional(),
})

/**
 * What a realtime stream's `ready` says: when the server last heard of a change of the guild (ms since the
 * epoch, the server's clock), so a page drawn from data the server read earlier knows whether it missed one.
 */
export const StreamReadySchema = z.object({ changedAt: z.number() })

export type PublicGate = z.infer<typeof PublicGateSchema>
export type PublicView = z.infer<typeof PublicViewSchema>
export type PublicItem = z.infer<typeof PublicItemSchema>
export type PublicQueue = z.infer<typeof PublicQueueSchema>
export type PublicQueueEntry = z.infer<typeof PublicQueueEntrySchema>
export type GuildEventPayload = z.infer<typeof GuildEventPayloadSchema>
export type StreamReady = z.infer<typeof StreamReadySchema>
