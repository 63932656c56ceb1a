import { TRIAL_DAYS } from '../../../contract/plans'
import type { Deps } from '../../deps'
import { type BackgroundWork, type RepeatTiming, repeatLoggingFailures } from '../../lib/repeat-in-background'
import { deriveSubscription } from '../../lib/subscription-state'
import {
  awardsOutsideNights,
  guildsOwingDigest,
  insertMemberNotifications,
  insertTrialEndingNotifications,
  nightsStartingSoon,
} from './notify.queries'

// The notifications no request causes (docs/decisions/020-notifications.md): an event's reminder a few hours
// before it starts, the trial's last day, and the daily digest of awards made outside any event. Every
// process runs this loop; each notification has a dedupe key per member in the outbox, so two processes
// writing the same one at once write it once (the unique index makes the second insert do nothing).

/** A reminder leaves this long before the event starts (or at once for an event scheduled closer). */
export const REMINDER_LEAD_MS = 3 * 3_600_000
const DAY_MS = 86_400_000
/** Checked every minute; the first 10 s after the start. */
const TIMING: RepeatTiming = { firstDelayMs: 10_000, intervalMs: 60_000 }
/** Guilds given their digest per round; more wait for the next round. */
const DIGEST_BATCH = 50

/** Reminders of the events starting within REMINDER_LEAD_MS, for guilds that may use events (Pro). */
async function writeReminders(deps: Deps, now: Date): Promise<number> {
  return deps.database.db.transaction(async (tx) => {
    const nights = await nightsStartingSoon(tx, { now, until: new Date(now.getTime() + REMINDER_LEAD_MS) })
    let written = 0
    for (const night of nights) {
      const guild = { ...night, createdAt: night.guildCreatedAt }
      if (!deriveSubscription(guild, now).allowed) continue
      written += await insertMemberNotifications(tx, {
        guildId: night.guildId,
        which: 'events',
        audience: 'members',
        exclude: [],
        // A night moved to another start is reminded again for the new one.
        dedupeKey: `reminder:${night.id}:${night.startsAt.toISOString()}`,
        at: now,
        notification: {
          type: 'event_reminder',
          guild: { name: night.guildName, timeZone: night.timeZone },
          night: {
            id: night.id,
            name: night.name,
            description: night.description,
            startsAt: night.startsAt.toISOString(),
          },
        },
      })
    }
    return written
  })
}

/** Trials with one day left: created between 3 and 2 days ago (days remaining = 1). */
function writeTrialEndings(deps: Deps, now: Date): Promise<number> {
  return insertTrialEndingNotifications(deps.database.db, {
    createdFrom: new Date(now.getTime() - TRIAL_DAYS * DAY_MS),
    createdTo: new Date(now.getTime() - (TRIAL_DAYS - 1) * DAY_MS),
    trialMs: TRIAL_DAYS * DAY_MS,
    at: now,
  })
}

/** Yesterday's awards outside any event, once a guild's local day is over (Pro guilds). */
async function writeDigests(deps: Deps, now: Date): Promise<number> {
  return deps.database.db.transaction(async (tx) => {
    let written = 0
    for (const guild of await guildsOwingDigest(tx, { now, limit: DIGEST_BATCH })) {
      const state = { ...guild, createdAt: guild.guildCreatedAt }
      if (!deriveSubscription(state, now).allowed) continue
      const awards = await awardsOutsideNights(tx, guild)
      written += await insertMemberNotifications(tx, {
        guildId: guild.guildId,
        which: 'loot',
        audience: 'members',
        exclude: [],
        dedupeKey: `loot-digest:${guild.day}`,
        at: now,
        notification: { type: 'loot_digest', guild: { name: guild.name }, day: guild.day, awards },
      })
    }
    return written
  })
}

/** One round; answers how many e-mails it wrote. Tests call it by hand with their clock. */
export async function writeDueNotifications(deps: Deps): Promise<number> {
  const now = deps.now()
  const written =
    (await writeReminders(deps, now)) + (await writeTrialEndings(deps, now)) + (await writeDigests(deps, now))
  if (written > 0) deps.announcer.wake()
  return written
}

/** The loop every process runs (server/main.ts). */
export function startNotificationLoop(deps: Deps, instead: Partial<RepeatTiming> = {}): BackgroundWork {
  return repeatLoggingFailures(
    deps.logger,
    { failed: 'notifications not written', recovered: 'notifications written again' },
    () => writeDueNotifications(deps),
    TIMING,
    instead,
  )
}
