import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { Language } from '../../../contract/enums'
import type { DbOrTx } from '../../db/client'
import { account, guilds, profiles, user } from '../../db/schema'

// Sign-up is the one write that exists before any guild does, so these queries are not guild-scoped.

export async function emailExists(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()))
  return Boolean(row)
}

/** The account an address belongs to, whatever its case: its own spelling, name and language (null: no guild). */
export async function findAccountOwner(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ email: user.email, name: user.name, language: profiles.language })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()))
  return row ?? null
}

export async function insertCredentialUser(
  db: DbOrTx,
  input: { email: string; name: string; passwordHash: string; now: Date; emailVerified?: boolean },
) {
  const id = randomUUID()
  await db.insert(user).values({
    id,
    email: input.email,
    name: input.name,
    emailVerified: input.emailVerified ?? false,
    createdAt: input.now,
    updatedAt: input.now,
  })
  // better-auth's email+password sign-in reads the hash from the 'credential' account.
  await db.insert(account).values({
    id: randomUUID(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: input.passwordHash,
    createdAt: input.now,
    updatedAt: input.now,
  })
  return id
}

export async function insertGuildWithAdmin(
  db: DbOrTx,
  input: {
    userId: string
    name: string
    slug: string
    publicAccessPassword: string
    displayName: string
    language: Language
    /** None: the column's default (DEFAULT_TIME_ZONE). */
    timeZone?: string
    now: Date
  },
) {
  const [guild] = await db
    .insert(guilds)
    .values({
      name: input.name,
      slug: input.slug,
      ...(input.timeZone ? { timeZone: input.timeZone } : {}),
      adminUserId: input.userId,
      subscriptionStatus: 'trialing',
      publicAccessPassword: input.publicAccessPassword,
      // The trial clock starts here (docs/product-rules.md, "Subscription"), on the injectable clock so
      // tests can move it.
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning({ id: guilds.id })
  await db.insert(profiles).values({
    userId: input.userId,
    guildId: guild!.id,
    displayName: input.displayName,
    role: 'guild_admin',
    isActive: true,
    language: input.language,
    createdAt: input.now,
    updatedAt: input.now,
  })
  return guild!.id
}

/** A member joining through an invitation: the token's hash records which invitation brought them. */
export async function insertInvitedProfile(
  db: DbOrTx,
  input: {
    userId: string
    guildId: string
    displayName: string
    invitedViaToken: string
    language: Language
    now: Date
  },
) {
  await db.insert(profiles).values({
    userId: input.userId,
    guildId: input.guildId,
    displayName: input.displayName,
    role: 'guild_member',
    isActive: true,
    language: input.language,
    invitedViaToken: input.invitedViaToken,
    createdAt: input.now,
    updatedAt: input.now,
  })
}
