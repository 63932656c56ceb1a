import { sql } from 'drizzle-orm'
import type { Rarity } from '../../../contract/enums'
import type { Notification, NotificationSwitch } from '../../../contract/notifications'
import type { DbOrTx } from '../../db/client'

// The SQL that writes members' notification e-mails to the outbox. Every function takes the guild id.

const SWITCH_COLUMN: Record<NotificationSwitch, string> = {
  email: 'notify_email',
  events: 'notify_events',
  loot: 'notify_loot',
}

export type Audience = 'members' | 'admins'

/**
 * One e-mail per active member of the guild (or its admins) whose switch is on, but those excluded, in one
 * statement. The dedupe key makes it once per member: a second write of the same notification (another
 * process's loop, a replay) adds nothing. Answers how many were written.
 */
export async function insertMemberNotifications(
  tx: DbOrTx,
  input: {
    guildId: string
    which: NotificationSwitch
    audience: Audience
    exclude: string[]
    dedupeKey: string
    notification: Notification
    at: Date
  },
): Promise<number> {
  const at = input.at.toISOString()
  const result = await tx.execute(sql`
    insert into integration_outbox (guild_id, user_id, event, dedupe_key, announcement, action_at, next_attempt_at)
    select p.guild_id, p.user_id, ${`notify_${input.which}`}, ${input.dedupeKey},
           ${JSON.stringify(input.notification)}::jsonb, ${at}::timestamptz, ${at}::timestamptz
      from profiles p
     where p.guild_id = ${input.guildId} and p.is_active
       and ${sql.raw(`p.${SWITCH_COLUMN[input.which]}`)}
       and (${input.audience === 'members'} or p.role = 'guild_admin')
       and not (p.user_id = any(${`{${input.exclude.map((id) => `"${id}"`).join(',')}}`}::text[]))
    on conflict (user_id, dedupe_key) where dedupe_key is not null do nothing
    returning id`)
  return (result as unknown as { rows: unknown[] }).rows.length
}

/** The guild's name and time zone, as e-mails name them. */
export async function guildForNotifications(tx: DbOrTx, guildId: string) {
  const result = await tx.execute(sql`select name, time_zone as "timeZone" from guilds where id = ${guildId}`)
  return (result as unknown as { rows: { name: string; timeZone: string }[] }).rows[0]!
}

// The background loop's SQL (notification-loop.ts). Like the night-start announcer's claim it reads across
// guilds: it is the system's loop, and each notification it writes goes to its own guild's members only.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/** Active nights starting within (now, until], with what the reminder and the Pro check need. */
export async function nightsStartingSoon(tx: DbOrTx, input: { now: Date; until: Date }) {
  const result = await tx.execute(sql`
    select n.id, n.guild_id as "guildId", n.name, n.description, n.starts_at as "startsAt",
           g.name as "guildName", g.time_zone as "timeZone", g.subscription_status as "subscriptionStatus",
           g.subscription_access_until as "accessUntil", g.created_at as "guildCreatedAt"
      from raid_nights n join guilds g on g.id = n.guild_id
     where n.status = 'active' and n.starts_at > ${input.now.toISOString()}::timestamptz
       and n.starts_at <= ${input.until.toISOString()}::timestamptz
     order by n.starts_at, n.id`)
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    id: row.id as string,
    guildId: row.guildId as string,
    name: row.name as string,
    description: row.description as string | null,
    startsAt: new Date(row.startsAt as string),
    guildName: row.guildName as string,
    timeZone: row.timeZone as string,
    subscriptionStatus: row.subscriptionStatus as string,
    subscriptionAccessUntil: row.accessUntil ? new Date(row.accessUntil as string) : null,
    guildCreatedAt: new Date(row.guildCreatedAt as string),
  }))
}

/**
 * The trial's last day, for every guild at once: one e-mail per admin with e-mail notifications on of each
 * guild still trialing that was created within [from, to), once per guild (its dedupe key).
 */
export async function insertTrialEndingNotifications(
  tx: DbOrTx,
  input: { createdFrom: Date; createdTo: Date; trialMs: number; at: Date },
): Promise<number> {
  const at = input.at.toISOString()
  const result = await tx.execute(sql`
    insert into integration_outbox (guild_id, user_id, event, dedupe_key, announcement, action_at, next_attempt_at)
    select g.id, p.user_id, 'notify_email', 'trial-ending:' || g.id,
           jsonb_build_object('type', 'trial_ending', 'guild', jsonb_build_object('name', g.name),
             'endsAt', to_char((g.created_at + make_interval(secs => ${input.trialMs / 1000})) at time zone 'UTC',
                               'YYYY-MM-DD"T"HH24:MI:SS"Z"')),
           ${at}::timestamptz, ${at}::timestamptz
      from guilds g join profiles p on p.guild_id = g.id
     where g.subscription_status = 'trialing'
       and g.created_at >= ${input.createdFrom.toISOString()}::timestamptz
       and g.created_at < ${input.createdTo.toISOString()}::timestamptz
       and p.is_active and p.notify_email and p.role = 'guild_admin'
    on conflict (user_id, dedupe_key) where dedupe_key is not null do nothing
    returning id`)
  return rowsOf(result).length
}

/**
 * Guilds with awards outside any raid night on their local day before today (`day`, in the guild's time
 * zone) and a member with loot notifications on who has not had that day's digest. Looks only at the
 * awards of the last 50 hours (the longest a local yesterday can reach back), by their date index.
 */
export async function guildsOwingDigest(tx: DbOrTx, input: { now: Date; limit: number }) {
  const now = input.now.toISOString()
  const result = await tx.execute(sql`
    with recent as (
      select distinct guild_id from loot_history
       where event_id is null and distributed_at > ${now}::timestamptz - interval '50 hours'),
    day as (
      select g.id, g.name, g.time_zone, g.subscription_status, g.subscription_access_until, g.created_at,
             ((${now}::timestamptz at time zone g.time_zone)::date - 1) as day
        from guilds g join recent r on r.guild_id = g.id)
    select d.id as "guildId", d.name, d.time_zone as "timeZone", d.subscription_status as "subscriptionStatus",
           d.subscription_access_until as "accessUntil", d.created_at as "guildCreatedAt", to_char(d.day, 'YYYY-MM-DD') as day,
           (d.day::timestamp at time zone d.time_zone) as "from",
           ((d.day + 1)::timestamp at time zone d.time_zone) as "to"
      from day d
     where exists (select 1 from loot_history h
                    where h.guild_id = d.id and h.event_id is null
                      and h.distributed_at >= (d.day::timestamp at time zone d.time_zone)
                      and h.distributed_at < ((d.day + 1)::timestamp at time zone d.time_zone))
       and exists (select 1 from profiles p
                    where p.guild_id = d.id and p.is_active and p.notify_loot
                      and not exists (select 1 from integration_outbox o
                                       where o.user_id = p.user_id
                                         and o.dedupe_key = 'loot-digest:' || to_char(d.day, 'YYYY-MM-DD')))
     order by d.id
     limit ${input.limit}`)
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    guildId: row.guildId as string,
    name: row.name as string,
    timeZone: row.timeZone as string,
    subscriptionStatus: row.subscriptionStatus as string,
    subscriptionAccessUntil: row.accessUntil ? new Date(row.accessUntil as string) : null,
    guildCreatedAt: new Date(row.guildCreatedAt as string),
    day: row.day as string,
    from: new Date(row.from as string),
    to: new Date(row.to as string),
  }))
}

/** The guild's awards outside any raid night within [from, to), in the order they were made. */
export async function awardsOutsideNights(tx: DbOrTx, input: { guildId: string; from: Date; to: Date }) {
  const result = await tx.execute(sql`
    select item_name as item, item_rarity as rarity, player_name as player,
           -- An officers-only note stays on the dashboard (docs/decisions/019-public-visibility.md).
           case when notes_private then null else notes end as note,
           distributed_at as at
      from loot_history
     where guild_id = ${input.guildId} and event_id is null
       and distributed_at >= ${input.from.toISOString()}::timestamptz
       and distributed_at < ${input.to.toISOString()}::timestamptz
     order by distributed_at, id`)
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    item: row.item as string,
    rarity: row.rarity as Rarity | null,
    player: row.player as string,
    note: row.note as string | null,
    at: new Date(row.at as string).toISOString(),
  }))
}
