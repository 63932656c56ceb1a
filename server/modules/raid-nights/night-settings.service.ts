import type { RaidNightSettings } from '../../../contract/raid-nights'
import type { DbOrTx } from '../../db/client'
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

/** The settings of `input` that differ from the guild's `current` ones, in the order the audit row names them. */
export const changedNightSettings = (
  current: Record<keyof RaidNightSettings, string>,
  input: RaidNightSettings,
) => (['timeZone', 'noShowRule'] as const).filter((field) => current[field] !== input[field])

/**
 * Stores the settings and the RAID_NIGHT_SETTINGS_UPDATE row naming the fields that changed ("timeZone:
 * Europe/Lisbon · noShowRule: absent"), inside the caller's transaction: the settings form and a guild
 * export's import (server/modules/imports) write the same row.
 */
export async function writeNightSettings(
  tx: DbOrTx,
  actor: { guildId: string; userId: string },
  input: RaidNightSettings,
  fields: readonly (keyof RaidNightSettings)[],
  now: Date,
) {
  await setGuildNightSettings(tx, actor.guildId, input, now)
  await insertAuditRow(tx, {
    guildId: actor.guildId,
    userId: actor.userId,
    tableName: 'guilds',
    actionType: 'RAID_NIGHT_SETTINGS_UPDATE',
    recordId: actor.guildId,
    description: fields.map((field) => `${field}: ${input[field]}`).join(' · '),
    at: now,
  })
}

/** Admins only (the route's chain). A change of neither writes nothing. */
export async function setNightSettings(deps: Deps, actor: GuildActor, input: RaidNightSettings) {
  const now = deps.now()
  const changed = await deps.database.db.transaction(async (tx) => {
    const fields = changedNightSettings(await guildNightSettings(tx, actor.guildId), input)
    if (fields.length === 0) return false
    await writeNightSettings(tx, actor, input, fields, now)
    return true
  })
  if (changed) await deps.realtime.publish({ guildId: actor.guildId, topic: 'raid-nights' })
  return getNightSettings(deps, actor.guildId)
}
