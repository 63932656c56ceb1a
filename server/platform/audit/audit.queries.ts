import type { SystemAuditAction } from '../../../contract/activity-author'
import type { AuditAction } from '../../../contract/enums'
import type { DbOrTx } from '../../db/client'
import { auditLogs } from '../../db/schema'

export type AuditRow = {
  guildId: string
  tableName: string
  recordId: string | null
  /** Language-neutral (names, codes): the activity log puts it in words (contract/activity-description.ts). */
  description: string
  /** Why, as typed with a queue action. */
  note?: string | null
  /** The raid night the row belongs to (the activity log filters by it). */
  eventId?: string | null
  /** The app's clock (deps.now()); without it, the database's. */
  at?: Date
} & (
  | { /** The member who acted. */ userId: string; actionType: AuditAction }
  | {
      /** The system (billing provider, integration sender): its actions only. */ userId: null
      actionType: SystemAuditAction
    }
)

/**
 * The one writer of activity-log rows in TypeScript. Call it inside the transaction of the change it
 * records. Queue writes write theirs in the database function that ends them (lq_finish_queue_write,
 * docs/decisions/001-queue-ordering.md), in the same transaction and with the same columns.
 */
export async function insertAuditRow(tx: DbOrTx, { at, ...row }: AuditRow) {
  await tx.insert(auditLogs).values({ ...row, createdAt: at })
}

/** Several rows of one change at once (a bulk change's row per player), in one statement. */
export async function insertAuditRows(tx: DbOrTx, rows: readonly AuditRow[]) {
  if (rows.length === 0) return
  await tx.insert(auditLogs).values(rows.map(({ at, ...row }) => ({ ...row, createdAt: at })))
}
