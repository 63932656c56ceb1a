import { NIGHT_DEFAULT_HOURS } from '../../../contract/raid-nights'
import type { Deps } from '../../deps'
import { type BackgroundWork, type RepeatTiming, repeatLoggingFailures } from '../../lib/repeat-in-background'
import { announceNightStart } from '../integrations/announce.service'
import { claimStartedNights } from './night-starts.queries'

// "The event started" (docs/decisions/011-integrations.md, "Raid nights"): no request happens when a night's
// start passes, so every process looks for nights that just started, a few seconds apart, and writes their
// announcements to the outbox; the outbox sender delivers them. A start is claimed once across processes.

/**
 * A night whose start passed longer ago than this is not announced: one created after the fact, or whose
 * start fell while no process was running, would tell the guild "the event started" when it is well under way.
 */
export const START_ANNOUNCE_GRACE_MS = 15 * 60_000
/** Checked every 15 s (a night's start reaches Discord within about that); the first 5 s after a start. */
const TIMING: RepeatTiming = { firstDelayMs: 5_000, intervalMs: 15_000 }
/** Nights claimed per transaction; more wait for the next round. */
const BATCH = 100

/**
 * Claims the nights that started since START_ANNOUNCE_GRACE_MS and writes their announcements, in one
 * transaction; answers how many starts it claimed (announced or not: a guild that announces no raid nights
 * still has its start marked, so it is never looked at again). Tests call it by hand with their clock.
 */
export async function announceNightStarts(deps: Deps): Promise<number> {
  const now = deps.now()
  const { claimed, wrote } = await deps.database.db.transaction(async (tx) => {
    const nights = await claimStartedNights(tx, {
      now,
      since: new Date(now.getTime() - START_ANNOUNCE_GRACE_MS),
      defaultHours: NIGHT_DEFAULT_HOURS,
      limit: BATCH,
    })
    let wrote = false
    for (const { guildId, ...night } of nights) {
      const announced = await announceNightStart(tx, deps.env.APP_URL, {
        guildId,
        night: {
          ...night,
          startsAt: night.startsAt.toISOString(),
          endsAt: night.endsAt?.toISOString() ?? null,
        },
        at: now,
      })
      wrote ||= announced
    }
    return { claimed: nights.length, wrote }
  })
  if (wrote) deps.announcer.wake()
  return claimed
}

/** The loop every process runs (server/main.ts). */
export function startNightStartAnnouncer(deps: Deps, instead: Partial<RepeatTiming> = {}): BackgroundWork {
  return repeatLoggingFailures(
    deps.logger,
    { failed: 'raid night starts not announced', recovered: 'raid night starts announced again' },
    () => announceNightStarts(deps),
    TIMING,
    instead,
  )
}
