import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

// The public page's access cookie: `<expiresAtMs>.<signature>`, HMAC-SHA256 with AUTH_SECRET over the
// guild id, the expiry and a hash of the guild's current password. A cookie from guild A never verifies for
// guild B, and changing the password ends every cookie issued before.

export const ACCESS_TTL_MS = 12 * 60 * 60 * 1000

/** One cookie per guild (named by id), sent only to that guild's public endpoints (path by slug). */
export const accessCookieName = (guildId: string) => `lq_pub_${guildId.replace(/-/g, '')}`
export const accessCookiePath = (slug: string) => `/api/v1/public/guilds/${encodeURIComponent(slug)}`
/** The guild's page and its players' pages (web/app/routes.tsx). */
export const publicPagePath = (slug: string) => `/guilds/${encodeURIComponent(slug)}`

type Guild = { id: string; publicAccessPassword: string | null }

function signature(secret: string, guild: Guild, expiresAt: number): Buffer {
  const passwordHash = createHash('sha256')
    .update(guild.publicAccessPassword ?? '')
    .digest('base64url')
  return createHmac('sha256', secret)
    .update(`lq-public-access|${guild.id}|${expiresAt}|${passwordHash}`)
    .digest()
}

export function issueAccessCookie(secret: string, guild: Guild, now: Date) {
  const expiresAt = now.getTime() + ACCESS_TTL_MS
  const value = `${expiresAt}.${signature(secret, guild, expiresAt).toString('base64url')}`
  return { value, expiresAt: new Date(expiresAt) }
}

/** The expiry of a valid cookie for this guild and its current password, or null. */
export function verifyAccessCookie(
  secret: string,
  guild: Guild,
  value: string | undefined,
  now: Date,
): Date | null {
  if (!value || !guild.publicAccessPassword) return null
  const match = /^(\d{1,16})\.([A-Za-z0-9_-]{43})$/.exec(value)
  if (!match) return null
  const expiresAt = Number(match[1])
  if (!(expiresAt > now.getTime()) || expiresAt > now.getTime() + ACCESS_TTL_MS) return null
  const known = verified.get(guild)
  if (known?.get(value) === secret) return new Date(expiresAt)
  // Compared as text, not as decoded bytes: base64url's last character carries two unused bits, so four
  // spellings decode to the same signature, and only the one this server issued is accepted.
  const given = Buffer.from(match[2]!, 'ascii')
  const expected = Buffer.from(signature(secret, guild, expiresAt).toString('base64url'), 'ascii')
  if (!(given.length === expected.length && timingSafeEqual(given, expected))) return null
  remember(guild, value, secret)
  return new Date(expiresAt)
}

// Cookies whose signature already verified, per guild row object: the cached row of the public gate
// (read-cache.ts) answers a raid's reads, so each browser's cookie is hashed once instead of on every read. A
// changed row (a new password) is a new object, so it starts with nothing verified; the expiry is still
// checked on every call. Bounded: a guild's set is emptied past the bound.
const verified = new WeakMap<Guild, Map<string, string>>()
const MAX_VERIFIED_PER_GUILD = 10_000

function remember(guild: Guild, value: string, secret: string) {
  let known = verified.get(guild)
  if (!known) {
    known = new Map()
    verified.set(guild, known)
  }
  if (known.size >= MAX_VERIFIED_PER_GUILD) known.clear()
  known.set(value, secret)
}

/** Constant-time comparison of an attempt with the stored password (hashing first evens the lengths). */
export function passwordMatches(stored: string | null, attempt: string): boolean {
  if (!stored || !attempt) return false
  const a = createHash('sha256').update(stored).digest()
  const b = createHash('sha256').update(attempt).digest()
  return timingSafeEqual(a, b)
}
