import type { Rarity } from '../../../contract/enums'
import type { Deps } from '../../deps'
import type { Tx } from '../../db/client'
import type { GuildActor } from '../../lib/actor'
import { announceNightRecap } from '../integrations/announce.service'
import { notifyNightRecap } from '../notifications/notify.service'
import { recapAwards } from './night-recap.queries'
import { findNight, type findNightFields } from './raid-nights.queries'

// One recap when a night is completed (docs/decisions/011-integrations.md, "Raid nights"): its awards with
// their notes and its marks counted, written to the outbox in the transaction that completes it, so the
// awards of a night that announces raid nights but not each award reach the guild in one message. The
// members' recap e-mails (loot notifications, docs/decisions/020-notifications.md) read the same recap.

type NightFields = NonNullable<Awaited<ReturnType<typeof findNightFields>>>

/** A night as announcements name it: a recap, and each award during it (queues/queue-write.ts). */
export const announcedNight = ({ id, name, description, startsAt, endsAt }: NightFields) => ({
  id,
  name,
  description,
  startsAt: startsAt.toISOString(),
  endsAt: endsAt?.toISOString() ?? null,
})

/** The night, its awards and its marks, as every recap (Discord, webhooks, e-mail) tells them. */
export async function readNightRecap(tx: Tx, guildId: string, nightId: string) {
  const night = (await findNight(tx, guildId, nightId))!
  const awards = await recapAwards(tx, guildId, nightId)
  return {
    night: announcedNight(night),
    recap: {
      awards: awards.map((award) => ({
        item: { name: award.itemName, rarity: award.itemRarity as Rarity | null },
        player: { name: award.playerName },
        note: award.notes,
        at: award.distributedAt.toISOString(),
      })),
      attendance: {
        present: night.present,
        late: night.late,
        bench: night.bench,
        excused: night.excused,
        noShow: night.noShow,
      },
    },
  }
}

/** Answers whether it wrote anything to the outbox (the caller wakes the sender after its commit). */
export async function announceRecap(tx: Tx, deps: Deps, actor: GuildActor, nightId: string, at: Date) {
  let read: ReturnType<typeof readNightRecap> | null = null
  const readOnce = () => (read ??= readNightRecap(tx, actor.guildId, nightId))
  const announced = await announceNightRecap(tx, deps.env.APP_URL, { ...actor, at, read: readOnce })
  const mailed = await notifyNightRecap(tx, { guildId: actor.guildId, nightId, at, read: readOnce })
  return announced || mailed
}
