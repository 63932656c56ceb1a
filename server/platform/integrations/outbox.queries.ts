import { alias } from 'drizzle-orm/pg-core'
import { and, asc, eq, inArray, isNull, lt, lte, notExists, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { guildIntegrations, integrationOutbox, profiles, user } from '../../db/schema'
import { insertAuditRow } from '../audit/audit.queries'

// The sender's SQL. It works for every guild at once (it is not a request), always by the ids it claimed.

export type ClaimedMessage = Awaited<ReturnType<typeof claimDue>>[number]

/**
 * Takes up to `limit` due messages for this sender until `leaseEnd`. Only the oldest pending message of each
 * integration is due, so each integration's messages leave in order and one that waits (a 429) holds back
 * the rest. `FOR UPDATE SKIP LOCKED`: two senders (processes) claiming at once never take the same row, and
 * a row claimed and committed by another has its due time moved past `now`, so it is not taken either.
 */
export async function claimDue(db: Db, input: { now: Date; leaseEnd: Date; limit: number }) {
  return db.transaction(async (tx) => {
    const earlier = alias(integrationOutbox, 'earlier')
    const due = await tx
      .select({ id: integrationOutbox.id })
      .from(integrationOutbox)
      .where(
        and(
          eq(integrationOutbox.status, 'pending'),
          lte(integrationOutbox.nextAttemptAt, input.now),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(earlier)
              .where(
                and(
                  eq(earlier.integrationId, integrationOutbox.integrationId),
                  eq(earlier.status, 'pending'),
                  lt(earlier.seq, integrationOutbox.seq),
                ),
              ),
          ),
        ),
      )
      .orderBy(asc(integrationOutbox.nextAttemptAt), asc(integrationOutbox.seq))
      .limit(input.limit)
      .for('update', { skipLocked: true })
    if (due.length === 0) return []
    const claimed = await tx
      .update(integrationOutbox)
      .set({ attempts: sql`${integrationOutbox.attempts} + 1`, nextAttemptAt: input.leaseEnd })
      .where(
        inArray(
          integrationOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning()
    const integrationIds = claimed.flatMap((row) => (row.integrationId ? [row.integrationId] : []))
    const integrations = integrationIds.length
      ? await tx.select().from(guildIntegrations).where(inArray(guildIntegrations.id, integrationIds))
      : []
    const byId = new Map(integrations.map((row) => [row.id, row]))
    // A notification e-mail (user_id set) has no integration.
    return claimed.map((message) => ({
      message,
      integration: message.integrationId ? byId.get(message.integrationId) : undefined,
    }))
  })
}

export async function markSent(
  db: Db,
  input: { id: string; integrationId: string | null; status: number | null; at: Date },
) {
  await db.transaction(async (tx) => {
    await tx
      .update(integrationOutbox)
      .set({ status: 'sent', sentAt: input.at, lastStatus: input.status, lastError: null })
      .where(eq(integrationOutbox.id, input.id))
    if (!input.integrationId) return
    await tx
      .update(guildIntegrations)
      .set({ lastSentAt: input.at })
      .where(eq(guildIntegrations.id, input.integrationId))
  })
}

export async function reschedule(
  db: Db,
  input: { id: string; at: Date; status: number | null; error: string },
) {
  await db
    .update(integrationOutbox)
    .set({ nextAttemptAt: input.at, lastStatus: input.status, lastError: input.error })
    .where(eq(integrationOutbox.id, input.id))
}

export async function markFailed(db: Db, input: { id: string; status: number | null; error: string }) {
  await db
    .update(integrationOutbox)
    .set({ status: 'failed', lastStatus: input.status, lastError: input.error })
    .where(eq(integrationOutbox.id, input.id))
}

/** The integration is gone or disabled: its message is dropped unsent. */
export async function markCancelled(db: Db, id: string) {
  await db.update(integrationOutbox).set({ status: 'cancelled' }).where(eq(integrationOutbox.id, id))
}

/**
 * The receiver refused for good: the integration stops (the guild page says why), its waiting messages are
 * dropped and the activity log says so. Only while the integration still has the address that was refused:
 * an admin who saved a new one meanwhile keeps it running. Answers the guild when it was disabled here.
 */
export async function disableIntegration(
  db: Db,
  input: {
    messageId: string
    integrationId: string
    urlSealed: string
    reason: 'rejected' | 'undecryptable'
    status: number | null
    error: string
    at: Date
  },
): Promise<string | null> {
  return db.transaction(async (tx) => {
    await tx
      .update(integrationOutbox)
      .set({ status: 'failed', lastStatus: input.status, lastError: input.error })
      .where(eq(integrationOutbox.id, input.messageId))
    const [integration] = await tx
      .update(guildIntegrations)
      .set({
        disabledReason: input.reason,
        disabledStatus: input.status,
        disabledAt: input.at,
        updatedAt: input.at,
      })
      .where(
        and(
          eq(guildIntegrations.id, input.integrationId),
          eq(guildIntegrations.urlSealed, input.urlSealed),
          isNull(guildIntegrations.disabledAt),
        ),
      )
      .returning({ guildId: guildIntegrations.guildId, kind: guildIntegrations.kind })
    if (!integration) return null
    await tx
      .update(integrationOutbox)
      .set({ status: 'cancelled' })
      .where(
        and(
          eq(integrationOutbox.integrationId, input.integrationId),
          eq(integrationOutbox.status, 'pending'),
        ),
      )
    await insertAuditRow(tx, {
      guildId: integration.guildId,
      userId: null,
      actionType: 'INTEGRATION_DISABLED',
      tableName: 'guild_integrations',
      recordId: input.integrationId,
      description:
        input.reason === 'rejected'
          ? `${integration.kind} · ${input.status}`
          : `${integration.kind} · undecryptable`,
      at: input.at,
    })
    return integration.guildId
  })
}

/** Delivered, failed and dropped messages are kept a while for the record, then deleted. */
export async function pruneFinished(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(integrationOutbox)
    .where(
      and(
        or(
          eq(integrationOutbox.status, 'sent'),
          eq(integrationOutbox.status, 'failed'),
          eq(integrationOutbox.status, 'cancelled'),
        ),
        lt(integrationOutbox.createdAt, before),
      ),
    )
    .returning({ id: integrationOutbox.id })
  return rows.length
}

/** Messages waiting to be sent, every guild's, and when the oldest was written (metrics). */
export async function pendingBacklog(db: Db): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      oldest: sql<string | Date | null>`min(${integrationOutbox.createdAt})`,
    })
    .from(integrationOutbox)
    .where(eq(integrationOutbox.status, 'pending'))
  return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null }
}

/**
 * A notification e-mail's recipient as they are now: address, name, language, and whether they are still an
 * active member of the message's guild with its switch on (else the message is dropped unsent).
 */
export async function notificationRecipient(db: Db, input: { userId: string; guildId: string }) {
  const [row] = await db
    .select({
      email: user.email,
      name: profiles.displayName,
      language: profiles.language,
      isActive: profiles.isActive,
      email_: profiles.notifyEmail,
      events: profiles.notifyEvents,
      loot: profiles.notifyLoot,
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.userId))
    .where(and(eq(profiles.userId, input.userId), eq(profiles.guildId, input.guildId)))
  if (!row) return null
  const { email_, events, loot, ...rest } = row
  return { ...rest, switches: { email: email_, events, loot } }
}
