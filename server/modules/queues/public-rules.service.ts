import type { Deps } from '../../deps'
import { AppError } from '../../lib/app-error'
import { insertAuditRow } from '../../platform/audit/audit.queries'
import { findPublicRules, writePublicRules } from './public-rules.queries'
import type { QueueActor } from './queue-write'

// The rules text shown above the queues on the public guild page.

/** The audit row keeps the start of the new text (one line), or ∅ when the rules were cleared. */
export function rulesExcerpt(text: string | null): string {
  if (!text) return '∅'
  const line = text.replace(/\s+/g, ' ')
  return line.length > 120 ? `${line.slice(0, 119)}…` : line
}

export async function getPublicRules(deps: Deps, guildId: string) {
  const row = await findPublicRules(deps.database.db, guildId)
  if (!row) throw new AppError('NOT_FOUND')
  return { publicRules: row.publicRules }
}

/** Saving the same text again changes nothing and writes no audit row. */
export async function setPublicRules(deps: Deps, actor: QueueActor, publicRules: string | null) {
  const changed = await deps.database.db.transaction(async (tx) => {
    const row = await findPublicRules(tx, actor.guildId)
    if (!row) throw new AppError('NOT_FOUND')
    if (row.publicRules === publicRules) return false
    const now = deps.now()
    await writePublicRules(tx, actor.guildId, publicRules, now)
    await insertAuditRow(tx, {
      guildId: actor.guildId,
      userId: actor.userId,
      actionType: 'RULES_UPDATED',
      tableName: 'guilds',
      recordId: actor.guildId,
      description: rulesExcerpt(publicRules),
      at: now,
    })
    return true
  })
  if (changed) await deps.realtime.publish({ guildId: actor.guildId, topic: 'guild' })
  return { publicRules }
}
