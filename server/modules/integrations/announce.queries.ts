import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Announcement } from '../../../contract/integrations'
import type { DbOrTx } from '../../db/client'
import { guildIntegrations, guilds, integrationOutbox, profiles } from '../../db/schema'

// What announcing needs inside the action's transaction. Every function filters by the guild.

/** The guild's integrations that may send, with what the announcement and the Pro rule need of the guild. */
export async function sendingIntegrations(db: DbOrTx, guildId: string) {
  return db
    .select({
      id: guildIntegrations.id,
      events: guildIntegrations.events,
      guildName: guilds.name,
      guildSlug: guilds.slug,
      subscriptionStatus: guilds.subscriptionStatus,
      subscriptionAccessUntil: guilds.subscriptionAccessUntil,
      guildCreatedAt: guilds.createdAt,
    })
    .from(guildIntegrations)
    .innerJoin(guilds, eq(guilds.id, guildIntegrations.guildId))
    .where(and(eq(guildIntegrations.guildId, guildId), isNull(guildIntegrations.disabledAt)))
}

export type SendingIntegration = Awaited<ReturnType<typeof sendingIntegrations>>[number]

export async function actorName(db: DbOrTx, guildId: string, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: profiles.displayName })
    .from(profiles)
    .where(and(eq(profiles.guildId, guildId), eq(profiles.userId, userId)))
  return row?.name ?? null
}

export async function insertOutbox(
  db: DbOrTx,
  rows: {
    guildId: string
    integrationId: string
    event: string
    itemId: string | null
    actionAt: Date
    announcement: Announcement
    at: Date
  }[],
) {
  if (rows.length === 0) return
  await db.insert(integrationOutbox).values(
    rows.map((row) => ({
      guildId: row.guildId,
      integrationId: row.integrationId,
      event: row.event,
      itemId: row.itemId,
      actionAt: row.actionAt,
      announcement: row.announcement,
      nextAttemptAt: row.at,
      createdAt: row.at,
    })),
  )
}

/** The announcements of one action (item and time), to correct when it is undone. */
export async function announcementsOfAction(
  db: DbOrTx,
  guildId: string,
  input: { itemId: string; actionAt: Date; integrationIds: string[] },
) {
  if (input.integrationIds.length === 0) return []
  return db
    .select({
      id: integrationOutbox.id,
      integrationId: integrationOutbox.integrationId,
      event: integrationOutbox.event,
      status: integrationOutbox.status,
      announcement: integrationOutbox.announcement,
    })
    .from(integrationOutbox)
    .where(
      and(
        eq(integrationOutbox.guildId, guildId),
        eq(integrationOutbox.itemId, input.itemId),
        eq(integrationOutbox.actionAt, input.actionAt),
        inArray(integrationOutbox.integrationId, input.integrationIds),
        sql`(${integrationOutbox.announcement}->>'undone')::boolean is not true`,
      ),
    )
}

/**
 * Drops a message no sender has tried yet; answers whether it did. One a sender holds or has tried has
 * `attempts` > 0 and is left alone (it may have arrived: a correction follows it instead).
 */
export async function cancelUntried(db: DbOrTx, guildId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(integrationOutbox)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(integrationOutbox.guildId, guildId),
        eq(integrationOutbox.id, id),
        eq(integrationOutbox.status, 'pending'),
        eq(integrationOutbox.attempts, 0),
      ),
    )
    .returning({ id: integrationOutbox.id })
  return rows.length > 0
}
