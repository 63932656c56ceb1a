import type { PublicGate, PublicQueue, PublicView } from '../../../contract/public'
import type { Deps } from '../../deps'
import { AppError } from '../../lib/app-error'
import { andThen, type MaybePromise } from '../../lib/maybe-promise'
import { publicPageBlockedReason, publicPageBlocksAt } from '../../lib/subscription-state'
import { publicTonight } from '../raid-nights/attendance.service'
import { passwordMatches, verifyAccessCookie } from './public-cookie'
import { publicEntryNote, reduceQueue, visibilityOf } from './public-visibility'
import {
  findGuildBySlug,
  findLastRecipient,
  insertAccessLog,
  latestEntryNotes,
  findPublicItem,
  listPublicItems,
  listPublicQueue,
  type PublicGuildRow,
} from './public.queries'

const USER_AGENT_MAX = 512

function blockCode(guild: PublicGuildRow, now: Date) {
  const reason = publicPageBlockedReason(guild, now)
  return reason === null ? null : (`PUBLIC_${reason}` as const)
}

const slugKey = (slug: string) => `public-slug:${slug}`

/** The guild behind a slug, cached per process and dropped on any change to its row (read-cache.ts). */
export function guildOf(deps: Deps, slug: string, arrivedAt?: number): Promise<PublicGuildRow | undefined> {
  return deps.readCache.row(slugKey(slug), () => findGuildBySlug(deps.database.db, slug), arrivedAt)
}

/**
 * The gate, in order: unknown slug, then a blocked subscription or trial
 * (docs/product-rules.md, "Public page").
 */
async function openGuild(deps: Deps, slug: string, arrivedAt?: number): Promise<PublicGuildRow> {
  const guild = await guildOf(deps, slug, arrivedAt)
  if (!guild) throw new AppError('GUILD_NOT_FOUND')
  const blocked = blockCode(guild, deps.now())
  if (blocked) throw new AppError(blocked)
  return guild
}

/** What the gate screen needs before any password: never the password itself. */
export async function gateInfo(deps: Deps, slug: string, cookieOf: (guildId: string) => string | undefined) {
  const guild = await guildOf(deps, slug)
  if (!guild) throw new AppError('GUILD_NOT_FOUND')
  const now = deps.now()
  const blocked = blockCode(guild, now)
  const access = verifyAccessCookie(deps.env.AUTH_SECRET, guild, cookieOf(guild.id), now)
  return {
    name: guild.name,
    slug: guild.slug,
    blocked,
    passwordSet: Boolean(guild.publicAccessPassword),
    hasAccess: blocked === null && access !== null,
  } satisfies PublicGate
}

/** Checks the password on the server; success is logged (guild, time, user agent: no e-mail, no IP). */
export async function enter(deps: Deps, input: { slug: string; password: string; userAgent?: string }) {
  const guild = await openGuild(deps, input.slug)
  if (!passwordMatches(guild.publicAccessPassword, input.password))
    throw new AppError('PUBLIC_WRONG_PASSWORD')
  await insertAccessLog(deps.database.db, {
    guildId: guild.id,
    userAgent: input.userAgent?.slice(0, USER_AGENT_MAX) || null,
  })
  return { guild }
}

/** The guild behind a public read: open, and this browser holds a valid cookie for its current password. */
export async function requireAccess(
  deps: Deps,
  slug: string,
  cookieOf: (guildId: string) => string | undefined,
  /** The request's arrival (AppEnv arrivedAt): the cached guild row is caught up to it. */
  arrivedAt?: number,
): Promise<{ guild: PublicGuildRow; expiresAt: Date }> {
  const guild = await openGuild(deps, slug, arrivedAt)
  const expiresAt = verifyAccessCookie(deps.env.AUTH_SECRET, guild, cookieOf(guild.id), deps.now())
  if (!expiresAt) throw new AppError('PUBLIC_ACCESS_REQUIRED')
  return { guild, expiresAt }
}

/** Re-checked by an open public stream when the guild changes (password, subscription). */
export async function accessStillValid(
  deps: Deps,
  slug: string,
  guildId: string,
  cookie: string | undefined,
): Promise<boolean> {
  const guild = await guildOf(deps, slug)
  if (!guild || guild.id !== guildId || blockCode(guild, deps.now())) return false
  return verifyAccessCookie(deps.env.AUTH_SECRET, guild, cookie, deps.now()) !== null
}

/** The page's view, and the instants at which it changes without a write (a raid night starts or ends). */
export async function publicView(deps: Deps, guild: PublicGuildRow) {
  const rows = await listPublicItems(deps.database.db, guild.id)
  const { tonight, checkAgainAt, changesAt } = await publicTonight(deps, guild.id)
  const view: PublicView = {
    guild: { name: guild.name, slug: guild.slug, publicRules: guild.publicRules, timeZone: guild.timeZone },
    items: rows.map((row) => ({ ...row, rarity: row.rarity as PublicView['items'][number]['rarity'] })),
    tonight,
    checkAgainAt,
    visibility: visibilityOf(guild),
  }
  return { view, changesAt }
}

export async function publicQueue(deps: Deps, guild: PublicGuildRow, itemId: string): Promise<PublicQueue> {
  const { db } = deps.database
  const item = await findPublicItem(db, guild.id, itemId)
  if (!item) throw new AppError('NOT_FOUND')
  const [rows, last] = await Promise.all([
    listPublicQueue(db, guild.id, itemId),
    findLastRecipient(db, guild.id, itemId),
  ])
  const notes = await latestEntryNotes(
    db,
    guild.id,
    itemId,
    rows.map((row) => row.id),
  )
  const now = deps.now().getTime()
  const visibility = visibilityOf(guild)
  return reduceQueue(
    {
      itemId,
      rankFirst: guild.rankFirst,
      minRankName: item.minRankName,
      entries: rows.map((row, index) => ({
        // Numbered over what is shown: hidden (inactive) players leave no gaps.
        position: index + 1,
        playerId: row.playerId,
        playerName: row.playerName,
        attendanceStatus: row.attendanceStatus as PublicQueue['entries'][number]['attendanceStatus'],
        timesReceived: row.timesReceived,
        timesAbsent: row.timesAbsent,
        penaltyUntil: row.penaltyUntil?.toISOString() ?? null,
        penaltyNote: row.penaltyNote,
        isPenalized: row.penaltyUntil !== null && row.penaltyUntil.getTime() > now,
        rankLevel: row.rankLevel,
        belowMinimumRank: row.belowMinimumRank,
        rankName: row.rankName,
        lastNote: publicEntryNote(notes.get(row.id), visibility),
      })),
      lastRecipient: last
        ? {
            playerId: last.playerId,
            playerName: last.playerName,
            distributedAt: last.distributedAt.toISOString(),
            note: last.note,
          }
        : null,
    },
    visibility,
  )
}

/**
 * The guild of a public read when everything the gate needs is already in this process: its cached row,
 * caught up with every write before the request (read-cache.ts), open, and the cookie valid for its current
 * password. `until`: the instant from which time alone closes it (the cookie's expiry, a trial's end).
 * Undefined: nothing is refused here, the full route answers (and loads what is missing).
 */
export function cachedAccess(
  deps: Deps,
  slug: string,
  cookieOf: (guildId: string) => string | undefined,
  arrivedAt?: number,
): MaybePromise<{ guild: PublicGuildRow; until: number } | undefined> {
  return andThen(deps.readCache.cachedRow<PublicGuildRow>(slugKey(slug), arrivedAt), (guild) => {
    if (!guild) return undefined
    const now = deps.now()
    if (blockCode(guild, now)) return undefined
    const expiresAt = verifyAccessCookie(deps.env.AUTH_SECRET, guild, cookieOf(guild.id), now)
    if (!expiresAt) return undefined
    return { guild, until: Math.min(expiresAt.getTime(), publicPageBlocksAt(guild)) }
  })
}
