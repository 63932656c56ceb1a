import type { RaidNightSettings } from '../../../contract/raid-nights'
import type { Deps } from '../../deps'
import type { GuildActor } from '../../lib/actor'
import { insertAuditRow } from '../../platform/audit/audit.queries'
import { guildNightSettings, setGuildNightSettings } from './raid-nights.queries'

// The guild's raid-night settings: the time zone nights are typed in, and what an award does to a no-show
// ahead of its winner (docs/product-rules.md, "Raid nights").

export async function getNightSettings(deps: Deps, guildId: string): Promise<RaidNightSettings> {
  const { timeZone, noShowRule } = await guildNightSettings(deps.database.db, guildId)
  return { timeZone, noShowRule: noShowRule as RaidNightSettings['noShowRule'] }
}

/** Admins only (the route's chain). A change of neither writes nothing. */
export async function setNightSettings(deps: Deps, actor: GuildActor, input: RaidNightSettings) {
  const now = deps.now()
  const changed = await deps.database.db.transaction(async (tx) => {
    const current = await guildNightSettings(tx, actor.guildId)
    const fields = (['timeZone', 'noShowRule'] as const).filter((field) => current[field] !== input[field])
    if (fields.length === 0) return false
    await setGuildNightSettings(tx, actor.guildId, input, now)
    await insertAuditRow(tx, {
      ...actor,
      tableName: 'guilds',
      actionType: 'RAID_NIGHT_SETTINGS_UPDATE',
      recordId: actor.guildId,
      description: fields.map((field) => `${field}: ${input[field]}`).join(' · '),
      at: now,
    })
    return true
  })
  if (changed) await deps.realtime.publish({ guildId: actor.guildId, topic: 'raid-nights' })
  return getNightSettings(deps, actor.guildId)
}
