import { and, asc, eq, gte } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { guilds, raidNights } from '../../db/schema'
import { runsUntil } from './raid-nights.queries'

// The SQL of the calendar feed. Every function takes the guild (or finds it by its feed's token).

/** The guild whose feed this token opens, if any (the column is unique). */
export async function guildOfCalendarToken(db: DbOrTx, token: string) {
  const [row] = await db
    .select({
      id: guilds.id,
      name: guilds.name,
      slug: guilds.slug,
      subscriptionStatus: guilds.subscriptionStatus,
      subscriptionAccessUntil: guilds.subscriptionAccessUntil,
      createdAt: guilds.createdAt,
    })
    .from(guilds)
    .where(eq(guilds.calendarToken, token))
  return row
}

export async function calendarTokenOf(db: DbOrTx, guildId: string): Promise<string | null> {
  const [row] = await db.select({ token: guilds.calendarToken }).from(guilds).where(eq(guilds.id, guildId))
  return row?.token ?? null
}

/**
 * Answers the guild's name (what the audit row names) and whether a token was replaced. The guild's row is
 * locked before it is read: of two admins making the first address at once, the second replaces the first's.
 */
export async function setCalendarToken(tx: DbOrTx, guildId: string, token: string, at: Date) {
  const [before] = await tx
    .select({ token: guilds.calendarToken })
    .from(guilds)
    .where(eq(guilds.id, guildId))
    .for('update')
  const [row] = await tx
    .update(guilds)
    .set({ calendarToken: token, updatedAt: at })
    .where(eq(guilds.id, guildId))
    .returning({ name: guilds.name })
  return { guildName: row!.name, replaced: before?.token != null }
}

/** The guild's nights that start at `from` or later, soonest first, at most `limit`; every status. */
export async function feedNights(db: DbOrTx, guildId: string, from: Date, limit: number) {
  return db
    .select({
      id: raidNights.id,
      name: raidNights.name,
      description: raidNights.description,
      status: raidNights.status,
      startsAt: raidNights.startsAt,
      runsUntil: runsUntil.mapWith(raidNights.startsAt),
      createdAt: raidNights.createdAt,
      updatedAt: raidNights.updatedAt,
    })
    .from(raidNights)
    .where(and(eq(raidNights.guildId, guildId), gte(raidNights.startsAt, from)))
    .orderBy(asc(raidNights.startsAt), asc(raidNights.id))
    .limit(limit)
}
