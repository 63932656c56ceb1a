import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

// The public page's access cookie: `<expiresAtMs>.<signature>`, HMAC-SHA256 with AUTH_SECRET over the
// guild id, the expiry and a hash of the guild's current password. A cookie from guild A never verifies for
// guild B, and changing the password ends every cookie issued before.

export const ACCESS_TTL_MS = 12 * 60 * 60 * 1000

/** One cookie per guild (named by id), sent only to that guild's public endpoints (path by slug). */
export const accessCookieName = (guildId: string) => `lq_pub_${guildId.replace(/-/g, '')}`
export const accessCookiePath = (slug: string) => `/api/v1/public/guilds/${encodeURIComponent(slug)}`

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
  const given = Buffer.from(match[2]!, 'base64url')
  const expected = signature(secret, guild, expiresAt)
  return given.length === expected.length && timingSafeEqual(given, expected) ? new Date(expiresAt) : null
}

/** Constant-time comparison of an attempt with the stored password (hashing first evens the lengths). */
export function passwordMatches(stored: string | null, attempt: string): boolean {
  if (!stored || !attempt) return false
  const a = createHash('sha256').update(stored).digest()
  const b = createHash('sha256').update(attempt).digest()
  return timingSafeEqual(a, b)
}
