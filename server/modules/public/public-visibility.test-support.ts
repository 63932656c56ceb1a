import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { players } from '../../db/schema'
import { buildGuild, buildItem, buildPlayer } from '../../test/factories'
import type { TestContext } from '../../test/harness'
import { api, markPlayers, scheduleNight } from '../raid-nights/raid-nights.test-support'
import type { publicClient } from './public.test-support'

// A guild whose public page has something of everything the visibility settings hide
// (public-visibility.test.ts, public-visibility-sweep.test.ts).

export const PASSWORD = 'visibility-pass-42'
/** Thursday 2026-12-10, 12:00 in São Paulo: a week after the night the players attended. */
export const NOW = new Date('2026-12-10T15:00:00Z')
export const AWARD_NOTE = 'award-note-Zq81'
export const ABSENT_NOTE = 'absent-note-Wx55'
export const PENALTY_REASON = 'penalty-reason-Kp27'

type Entry = { id: string; playerName: string }

/**
 * A guild whose public page shows everything today: four players in the queue of a legendary, an award
 * with a note, an absence with a note, a penalty with a reason, and a raid night they all attended.
 */
export async function raidedGuild(ctx: TestContext, client: ReturnType<typeof publicClient>) {
  ctx.setNow(NOW)
  const { guild, admin } = await buildGuild(ctx, {
    publicAccessPassword: PASSWORD,
    createdAt: new Date(NOW.getTime() - 86_400_000),
  })
  const names = ['Ana', 'Bruno', 'Caio', 'Duda']
  const ids: Record<string, string> = {}
  for (const name of names) ids[name] = (await buildPlayer(ctx, guild.id, { name })).id
  await ctx.database.db
    .update(players)
    .set({ createdAt: new Date('2026-11-01T12:00:00Z') })
    .where(eq(players.guildId, guild.id))
  const night = await scheduleNight(admin, { name: 'Raid', date: '2026-12-03' })
  await markPlayers(admin, night.id, Object.fromEntries(names.map((n) => [ids[n]!, 'present'])))
  const item = await buildItem(ctx, guild.id, { name: 'Thunderfury', rarity: 'legendary' })
  await api(admin, 'POST', `/items/${item.id}/queue/add-all`)
  const entryOf = async (name: string) => {
    const view = await api<{ entries: Entry[] }>(admin, 'GET', `/items/${item.id}/queue`)
    return view.entries.find((e) => e.playerName === name)!.id
  }
  const step = () => ctx.setNow(new Date(ctx.deps.now().getTime() + 60_000))
  step()
  await api(admin, 'POST', `/queue-entries/${await entryOf('Ana')}/received`, { note: AWARD_NOTE })
  step()
  await api(admin, 'POST', `/queue-entries/${await entryOf('Bruno')}/absent`, { note: ABSENT_NOTE })
  step()
  await api(admin, 'POST', `/queue-entries/${await entryOf('Caio')}/penalty`, {
    days: 3,
    note: PENALTY_REASON,
  })
  const { cookie } = await client.enter(guild.slug, PASSWORD)
  const read = async <T>(path: string): Promise<T> => {
    const res = await client.call('GET', `${guild.slug}${path}`, { cookie })
    expect(res.status, path).toBe(200)
    return (await res.json()) as T
  }
  return { guild, admin, item, ids, read, cookie: cookie! }
}
