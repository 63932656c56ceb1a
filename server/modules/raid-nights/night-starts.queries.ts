import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'

// The SQL of "the night started" announcements. Unlike the guild's own queries it reads across guilds: it
// is the system's background loop (night-starts.ts), like the outbox sender's claim, and each night it
// claims is then announced to its own guild only.

export type StartedNight = {
  id: string
  guildId: string
  name: string
  description: string | null
  startsAt: Date
  endsAt: Date | null
}

/**
 * Claims the active nights whose start passed since `since` and that still run, not yet announced for this
 * start (a night moved to a later start after its announcement is announced again), oldest first: marks
 * them announced at `now` and answers them. Rows another process holds are skipped, so each start is
 * claimed once. The night's default length is contract/raid-nights.ts NIGHT_DEFAULT_HOURS.
 */
export async function claimStartedNights(
  tx: DbOrTx,
  input: { now: Date; since: Date; defaultHours: number; limit: number },
): Promise<StartedNight[]> {
  const now = input.now.toISOString()
  const result = await tx.execute(sql`
    update raid_nights n set start_announced_at = ${now}::timestamptz
      from (select id from raid_nights
             where status = 'active' and starts_at <= ${now}::timestamptz
               and starts_at > ${input.since.toISOString()}::timestamptz
               and coalesce(ends_at, starts_at + make_interval(hours => ${input.defaultHours})) > ${now}::timestamptz
               and (start_announced_at is null or start_announced_at < starts_at)
             order by starts_at, id
             limit ${input.limit}
             for update skip locked) due
     where n.id = due.id
    returning n.id, n.guild_id as "guildId", n.name, n.description, n.starts_at as "startsAt",
      n.ends_at as "endsAt"`)
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows
  return rows.map((row) => ({
    id: row.id as string,
    guildId: row.guildId as string,
    name: row.name as string,
    description: row.description as string | null,
    startsAt: new Date(row.startsAt as string),
    endsAt: row.endsAt === null ? null : new Date(row.endsAt as string),
  }))
}
