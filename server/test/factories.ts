import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import { hashPassword } from 'better-auth/crypto'
import type { InvitationStatus, Language, PlayerStatus, Rarity, Role } from '../../contract/enums'
import { account, guilds, items, players, profiles, session, user, userInvitations } from '../db/schema'
import { hashInviteToken, inviteExpiry, newInviteToken } from '../modules/members/invitation-token'
import type { TestContext } from './harness'

// Test data that creates its parents on demand (buildMember makes a guild when given none).

export const DEFAULT_PASSWORD = 'correct-horse-battery'
let cachedHash: Promise<string> | undefined
function passwordHash(password: string): Promise<string> {
  if (password !== DEFAULT_PASSWORD) return hashPassword(password)
  cachedHash ??= hashPassword(DEFAULT_PASSWORD)
  return cachedHash
}

const unique = () => randomBytes(4).toString('hex')

export type Actor = {
  user: { id: string; email: string; name: string }
  profileId: string
  guildId: string | null
  cookie: string
  /** Calls the app as this user (JSON in, Response out). */
  request: (
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => Promise<Response>
}

export function requestAs(ctx: TestContext, cookie: string | null) {
  return (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    Promise.resolve(
      ctx.app.request(path, {
        method,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          origin: 'http://localhost:3000',
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    )
}

/** Anonymous calls. */
export const anonymous = (ctx: TestContext) => requestAs(ctx, null)

export async function signSessionCookie(ctx: TestContext, userId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url')
  await ctx.database.db.insert(session).values({
    id: randomUUID(),
    token,
    userId,
    expiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000),
  })
  // better-auth's signed cookie: value.base64(HMAC-SHA256(secret, value)), URI-encoded.
  const signature = createHmac('sha256', ctx.deps.env.AUTH_SECRET).update(token).digest('base64')
  return `lq.session_token=${encodeURIComponent(`${token}.${signature}`)}`
}

export async function buildUser(
  ctx: TestContext,
  input: { email?: string; name?: string; verified?: boolean; password?: string } = {},
) {
  const id = randomUUID()
  const email = input.email ?? `user-${unique()}@example.com`
  const name = input.name ?? `User ${unique()}`
  await ctx.database.db.insert(user).values({ id, email, name, emailVerified: input.verified ?? true })
  await ctx.database.db.insert(account).values({
    id: randomUUID(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: await passwordHash(input.password ?? DEFAULT_PASSWORD),
  })
  return { id, email, name }
}

export async function buildGuild(
  ctx: TestContext,
  input: {
    name?: string
    subscriptionStatus?: string
    createdAt?: Date
    publicAccessPassword?: string | null
    adminLanguage?: Language
  } = {},
) {
  const name = input.name ?? `Guild ${unique()}`
  const [guild] = await ctx.database.db
    .insert(guilds)
    .values({
      name,
      slug: name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, ''),
      subscriptionStatus: input.subscriptionStatus ?? 'trialing',
      createdAt: input.createdAt ?? ctx.deps.now(),
      publicAccessPassword:
        input.publicAccessPassword === undefined ? 'raid-night' : input.publicAccessPassword,
    })
    .returning()
  const admin = await buildMember(ctx, {
    guildId: guild!.id,
    role: 'guild_admin',
    language: input.adminLanguage,
  })
  return { guild: guild!, admin }
}

export async function buildMember(
  ctx: TestContext,
  input: {
    guildId?: string | null
    role?: Role
    isActive?: boolean
    language?: Language
    email?: string
    name?: string
  } = {},
): Promise<Actor> {
  const guildId = input.guildId === undefined ? (await buildGuild(ctx)).guild.id : input.guildId
  const u = await buildUser(ctx, { email: input.email, name: input.name })
  const [profile] = await ctx.database.db
    .insert(profiles)
    .values({
      userId: u.id,
      guildId,
      displayName: u.name,
      role: input.role ?? 'guild_member',
      isActive: input.isActive ?? true,
      language: input.language ?? 'pt',
    })
    .returning({ id: profiles.id })
  const cookie = await signSessionCookie(ctx, u.id)
  return { user: u, profileId: profile!.id, guildId, cookie, request: requestAs(ctx, cookie) }
}

export async function buildPlayer(
  ctx: TestContext,
  guildId: string,
  input: { name?: string; playerStatus?: PlayerStatus; notes?: string | null } = {},
) {
  const [row] = await ctx.database.db
    .insert(players)
    .values({
      guildId,
      name: input.name ?? `Player ${unique()}`,
      playerStatus: input.playerStatus,
      notes: input.notes,
    })
    .returning()
  return row!
}

export async function buildItem(
  ctx: TestContext,
  guildId: string,
  input: {
    name?: string
    rarity?: Rarity | null
    isPublicVisible?: boolean
    description?: string | null
  } = {},
) {
  const [row] = await ctx.database.db
    .insert(items)
    .values({
      guildId,
      name: input.name ?? `Item ${unique()}`,
      rarity: input.rarity === undefined ? 'epic' : input.rarity,
      isPublicVisible: input.isPublicVisible,
      description: input.description,
    })
    .returning()
  return row!
}

/** An invitation stored as the app stores it (hashed token); `token` is what the e-mailed link carries. */
export async function buildInvitation(
  ctx: TestContext,
  guildId: string,
  input: { email?: string; displayName?: string; status?: InvitationStatus; expiresAt?: Date } = {},
) {
  const token = newInviteToken()
  const [row] = await ctx.database.db
    .insert(userInvitations)
    .values({
      guildId,
      email: input.email ?? `invitee-${unique()}@example.com`,
      displayName: input.displayName ?? `Invitee ${unique()}`,
      inviteToken: hashInviteToken(token),
      status: input.status ?? 'pending',
      expiresAt: input.expiresAt ?? inviteExpiry(ctx.deps.now()),
      createdAt: ctx.deps.now(),
    })
    .returning()
  return { invitation: row!, token }
}
