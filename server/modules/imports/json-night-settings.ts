import { type RaidNightSettings, RaidNightSettingsSchema } from '../../../contract/raid-nights'
import type { RawProblem, Where } from './import-records'

// The guild's raid-night settings a guild export carries (server/modules/guilds/guild-export.queries.ts): its
// time zone and its no-show rule, held to the settings form's schema (RaidNightSettingsSchema), so an import
// stores only what the form would (a zone as the time zone database spells it). A field the file lacks (an
// export from before they were written) is left out, and the guild keeps its own.

/** The settings the export's guild object holds (null: none); a value the form would refuse is a problem. */
export function readNightSettings(
  guild: Record<string, unknown> | null,
  where: Where,
  problems: RawProblem[],
): Partial<RaidNightSettings> | null {
  if (!guild) return null
  const settings: Partial<RaidNightSettings> = {}
  const { timeZone, noShowRule } = RaidNightSettingsSchema.shape
  if (guild.timeZone != null) {
    const zone = timeZone.safeParse(guild.timeZone)
    if (zone.success) settings.timeZone = zone.data
    else
      problems.push({ ...where, code: 'invalidTimeZone', field: 'timeZone', value: String(guild.timeZone) })
  }
  if (guild.noShowRule != null) {
    const rule = noShowRule.safeParse(guild.noShowRule)
    if (rule.success) settings.noShowRule = rule.data
    else
      problems.push({
        ...where,
        code: 'unknownNoShowRule',
        field: 'noShowRule',
        value: String(guild.noShowRule),
      })
  }
  return Object.keys(settings).length > 0 ? settings : null
}
