import { and, asc, eq } from 'drizzle-orm'
import { auditLogs } from '../db/schema'
import type { TestContext } from './harness'

/**
 * A guild's audit rows of one action type, oldest first (those of one instant in the order they were written,
 * audit_logs.seq): who, on which table and row, and the description.
 */
export async function auditRows(ctx: TestContext, guildId: string, actionType: string) {
  return ctx.database.db
    .select({
      userId: auditLogs.userId,
      tableName: auditLogs.tableName,
      recordId: auditLogs.recordId,
      description: auditLogs.description,
    })
    .from(auditLogs)
    .where(and(eq(auditLogs.guildId, guildId), eq(auditLogs.actionType, actionType)))
    .orderBy(asc(auditLogs.createdAt), asc(auditLogs.seq))
}
