import { PUBLIC_VISIBILITY_FIELDS, type PublicVisibility } from '../../../contract/public-visibility'
import type { Deps } from '../../deps'
import type { GuildActor } from '../../lib/actor'
import { insertAuditRow } from '../../platform/audit/audit.queries'
import { guildVisibility, setGuildVisibility } from './public-visibility.queries'

// What the public page shows (docs/decisions/019-public-visibility.md). The rules that apply these settings
// to public answers live in server/modules/public/public-visibility.ts.

export function getPublicVisibility(deps: Deps, guildId: string): Promise<PublicVisibility> {
  return guildVisibility(deps.database.db, guildId)
}

/**
 * Admins only (the route's chain). Audited as "showNotes: false · queueMode: first" (the changed fields,
 * contract/activity-description.ts puts them in words); a change of nothing writes nothing.
 */
export async function setPublicVisibility(deps: Deps, actor: GuildActor, input: PublicVisibility) {
  const now = deps.now()
  const changed = await deps.database.db.transaction(async (tx) => {
    const current = await guildVisibility(tx, actor.guildId, { forUpdate: true })
    const fields = PUBLIC_VISIBILITY_FIELDS.filter((field) => current[field] !== input[field])
    if (fields.length === 0) return false
    await setGuildVisibility(tx, actor.guildId, input, now)
    await insertAuditRow(tx, {
      ...actor,
      tableName: 'guilds',
      actionType: 'PUBLIC_VISIBILITY_UPDATE',
      recordId: actor.guildId,
      description: fields.map((field) => `${field}: ${input[field]}`).join(' · '),
      at: now,
    })
    return true
  })
  // Open public pages and dashboards read again; the row's change already dropped the cached answers.
  if (changed) await deps.realtime.publish({ guildId: actor.guildId, topic: 'guild' })
  return getPublicVisibility(deps, actor.guildId)
}
