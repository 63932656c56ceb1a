import { and, count, eq, ne, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { guilds, items, lootHistory, profiles } from '../../db/schema'

// Every function takes the guildId from the session, so no request can name another guild.

export async function findGuild(db: DbOrTx, guildId: string) {
  const [row] = await db.select().from(guilds).where(eq(guilds.id, guildId))
  return row ?? null
}

/**
 * Another guild whose link (slug) or current name has this slug form. The SQL mirrors slugify()
 * (contract/accounts.ts): lower case, every run of other characters one hyphen, none at the ends.
 */
export async function otherGuildWithSlugForm(db: DbOrTx, slugForm: string, exceptGuildId: string | null) {
  const nameForm = sql`trim(both '-' from regexp_replace(lower(${guilds.name}), '[^a-z0-9]+', '-', 'g'))`
  const [row] = await db
    .select({ id: guilds.id })
    .from(guilds)
    .where(
      and(
        or(eq(guilds.slug, slugForm), eq(nameForm, slugForm)),
        exceptGuildId ? ne(guilds.id, exceptGuildId) : undefined,
      ),
    )
    .limit(1)
  return row ?? null
}

/** Serialises the claims on one guild name until the transaction ends (names have no unique index). */
export async function lockGuildName(tx: DbOrTx, slugForm: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`guild-name:${slugForm}`}))`)
}

export async function updateGuild(
  db: DbOrTx,
  guildId: string,
  patch: { name?: string; publicAccessPassword?: string | null },
  now: Date,
) {
  const [row] = await db
    .update(guilds)
    .set({ ...patch, updatedAt: now })
    .where(eq(guilds.id, guildId))
    .returning()
  return row ?? null
}

export async function guildCounts(db: DbOrTx, guildId: string) {
  const [[members], [itemCount], [distributed]] = await Promise.all([
    db
      .select({ n: count() })
      .from(profiles)
      .where(and(eq(profiles.guildId, guildId), eq(profiles.isActive, true))),
    db.select({ n: count() }).from(items).where(eq(items.guildId, guildId)),
    db.select({ n: count() }).from(lootHistory).where(eq(lootHistory.guildId, guildId)),
  ])
  return { members: members!.n, items: itemCount!.n, distributed: distributed!.n }
}
