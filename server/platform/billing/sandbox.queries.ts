import type { BillingInterval, Language } from '../../../contract/enums'
import type { DbOrTx } from '../../db/client'
import { isGuildRow } from '../../db/guild-scope'
import { billingSandboxSessions } from '../../db/schema'

// The sandbox provider's checkout and portal sessions. Every read names the guild: another guild's session
// id is simply not found.

export type SandboxSessionKind = 'subscription' | 'extra_invite' | 'portal'
export type SandboxSessionStatus = 'open' | 'paid' | 'cancelled'

export async function insertSandboxSession(
  db: DbOrTx,
  row: {
    id: string
    guildId: string
    kind: SandboxSessionKind
    interval: BillingInterval | null
    language: Language
  },
) {
  await db.insert(billingSandboxSessions).values(row)
}

export async function findSandboxSession(db: DbOrTx, guildId: string, id: string, lock?: 'update') {
  const query = db
    .select()
    .from(billingSandboxSessions)
    .where(isGuildRow(billingSandboxSessions, guildId, id))
  const [row] = lock ? await query.for(lock) : await query
  return row ?? null
}

export async function setSandboxSessionStatus(
  db: DbOrTx,
  guildId: string,
  id: string,
  status: SandboxSessionStatus,
) {
  await db
    .update(billingSandboxSessions)
    .set({ status })
    .where(isGuildRow(billingSandboxSessions, guildId, id))
}
