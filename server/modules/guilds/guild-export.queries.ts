import { asc, eq, getTableColumns, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import {
  accessLogs,
  auditLogs,
  guildIntegrations,
  guildRanks,
  guilds,
  items,
  lootHistory,
  playerQueues,
  players,
  profiles,
  raidNightAttendance,
  raidNights,
  user,
  userInvitations,
} from '../../db/schema'

// The queue's own bookkeeping (its version, sorted span and low key) is no record of the guild's.
const {
  queueVersion: _version,
  queueSortedFrom: _from,
  queueSortedUntil: _until,
  queueLowKey: _lowKey,
  ...itemColumns
} = getTableColumns(items)

/**
 * Everything a guild owns, for the admin's data export (LGPD portability). Secrets never leave: no password
 * hashes, sessions, invitation tokens, billing ids or integration addresses and signing secrets.
 */
export async function readGuildExport(db: DbOrTx, guildId: string) {
  const [guild] = await db
    .select({
      id: guilds.id,
      name: guilds.name,
      slug: guilds.slug,
      subscriptionStatus: guilds.subscriptionStatus,
      subscriptionEndDate: guilds.subscriptionEndDate,
      publicAccessPassword: guilds.publicAccessPassword,
      publicRules: guilds.publicRules,
      extraInvites: guilds.extraInvites,
      // Raid nights' settings; the calendar feed's token is a secret and stays out.
      timeZone: guilds.timeZone,
      noShowRule: guilds.noShowRule,
      // What the public page shows (contract/public-visibility.ts).
      publicShowNotes: guilds.publicShowNotes,
      publicShowCounters: guilds.publicShowCounters,
      publicQueueMode: guilds.publicQueueMode,
      publicQueueFirst: guilds.publicQueueFirst,
      publicShowAttendance: guilds.publicShowAttendance,
      // Next in line by rank first (docs/decisions/018-ranks.md).
      rankFirst: guilds.rankFirst,
      createdAt: guilds.createdAt,
      updatedAt: guilds.updatedAt,
    })
    .from(guilds)
    .where(eq(guilds.id, guildId))
  const members = await db
    .select({
      email: user.email,
      displayName: profiles.displayName,
      gameCharacterName: profiles.gameCharacterName,
      role: profiles.role,
      isActive: profiles.isActive,
      language: profiles.language,
      createdAt: profiles.createdAt,
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.userId))
    .where(eq(profiles.guildId, guildId))
    .orderBy(asc(profiles.createdAt))
  const invitations = await db
    .select({
      email: userInvitations.email,
      displayName: userInvitations.displayName,
      status: userInvitations.status,
      expiresAt: userInvitations.expiresAt,
      createdAt: userInvitations.createdAt,
    })
    .from(userInvitations)
    .where(eq(userInvitations.guildId, guildId))
    .orderBy(asc(userInvitations.createdAt))
  const byGuild = <T extends { guildId: unknown }>(table: T) => eq(table.guildId as never, guildId)
  // The folded copies of names kept for the history search are the database's, not the guild's data.
  const { itemNameFolded: _i, playerNameFolded: _p, ...lootColumns } = getTableColumns(lootHistory)
  const { descriptionFolded: _d, ...auditColumns } = getTableColumns(auditLogs)
  return {
    guild,
    members,
    invitations,
    // The guild's ranks, highest first; players point at theirs (rankId), items at their minimum (minRankId).
    ranks: await db
      .select({
        id: guildRanks.id,
        name: guildRanks.name,
        level: guildRanks.level,
        createdAt: guildRanks.createdAt,
        updatedAt: guildRanks.updatedAt,
      })
      .from(guildRanks)
      .where(byGuild(guildRanks))
      .orderBy(asc(guildRanks.level)),
    players: await db.select().from(players).where(byGuild(players)).orderBy(asc(players.createdAt)),
    items: await db.select(itemColumns).from(items).where(byGuild(items)).orderBy(asc(items.createdAt)),
    // Stored is an ordering key (docs/decisions/001-queue-ordering.md); the export gives each entry its
    // position in its item's queue, 1..n over every entry, as the queue reads.
    queues: await db
      .select({
        ...getTableColumns(playerQueues),
        queuePosition: sql<number>`(row_number() over (
          partition by ${playerQueues.itemId} order by ${playerQueues.queuePosition}))::int`,
      })
      .from(playerQueues)
      .where(byGuild(playerQueues))
      .orderBy(asc(playerQueues.itemId), asc(playerQueues.queuePosition)),
    // Raid nights (events) and their marks; each loot history row names its night (eventId).
    raidNights: await db
      .select({
        id: raidNights.id,
        name: raidNights.name,
        description: raidNights.description,
        startsAt: raidNights.startsAt,
        endsAt: raidNights.endsAt,
        status: raidNights.status,
        createdAt: raidNights.createdAt,
        updatedAt: raidNights.updatedAt,
      })
      .from(raidNights)
      .where(byGuild(raidNights))
      .orderBy(asc(raidNights.startsAt), asc(raidNights.id)),
    raidNightAttendance: await db
      .select({
        raidNightId: raidNightAttendance.raidNightId,
        playerId: raidNightAttendance.playerId,
        status: raidNightAttendance.status,
        updatedAt: raidNightAttendance.updatedAt,
      })
      .from(raidNightAttendance)
      .where(byGuild(raidNightAttendance))
      .orderBy(asc(raidNightAttendance.raidNightId), asc(raidNightAttendance.playerId)),
    lootHistory: await db
      .select(lootColumns)
      .from(lootHistory)
      .where(byGuild(lootHistory))
      .orderBy(asc(lootHistory.distributedAt)),
    auditLog: await db
      .select(auditColumns)
      .from(auditLogs)
      .where(byGuild(auditLogs))
      .orderBy(asc(auditLogs.createdAt), asc(auditLogs.seq)),
    // Discord / webhook settings without their sealed URL and secret (docs/decisions/011-integrations.md).
    integrations: await db
      .select({
        kind: guildIntegrations.kind,
        events: guildIntegrations.events,
        language: guildIntegrations.language,
        disabledReason: guildIntegrations.disabledReason,
        disabledStatus: guildIntegrations.disabledStatus,
        disabledAt: guildIntegrations.disabledAt,
        lastSentAt: guildIntegrations.lastSentAt,
        createdAt: guildIntegrations.createdAt,
        updatedAt: guildIntegrations.updatedAt,
      })
      .from(guildIntegrations)
      .where(byGuild(guildIntegrations))
      .orderBy(asc(guildIntegrations.kind)),
    accessLog: await db
      .select()
      .from(accessLogs)
      .where(byGuild(accessLogs))
      .orderBy(asc(accessLogs.createdAt)),
  }
}
