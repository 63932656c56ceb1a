import { and, asc, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { guildIntegrations } from '../../db/schema'
import type { IntegrationKind } from '../../../contract/enums'

// The guild's integration settings. Every function takes the guild id from the session.

export type IntegrationRow = typeof guildIntegrations.$inferSelect

export async function listIntegrations(db: DbOrTx, guildId: string): Promise<IntegrationRow[]> {
  return db
    .select()
    .from(guildIntegrations)
    .where(eq(guildIntegrations.guildId, guildId))
    .orderBy(asc(guildIntegrations.kind))
}

/** `lock`: FOR UPDATE, so two admins saving at once apply one after the other. */
export async function findIntegration(
  db: DbOrTx,
  guildId: string,
  kind: IntegrationKind,
  options: { lock?: boolean } = {},
): Promise<IntegrationRow | null> {
  const query = db
    .select()
    .from(guildIntegrations)
    .where(and(eq(guildIntegrations.guildId, guildId), eq(guildIntegrations.kind, kind)))
  const [row] = await (options.lock ? query.for('update') : query)
  return row ?? null
}

export type IntegrationValues = {
  urlSealed: string
  secretSealed: string | null
  events: string[]
  language: string
}

/**
 * Creates or replaces the guild's integration of this kind, switched on again (a refused one starts
 * sending with the new settings). An insert racing another admin's insert updates instead of failing.
 */
export async function upsertIntegration(
  db: DbOrTx,
  guildId: string,
  kind: IntegrationKind,
  values: IntegrationValues,
  at: Date,
): Promise<IntegrationRow> {
  const enabled = { disabledReason: null, disabledStatus: null, disabledAt: null, updatedAt: at }
  const [row] = await db
    .insert(guildIntegrations)
    .values({ guildId, kind, ...values, ...enabled, createdAt: at })
    .onConflictDoUpdate({
      target: [guildIntegrations.guildId, guildIntegrations.kind],
      set: { ...values, ...enabled },
    })
    .returning()
  return row!
}

export async function deleteIntegration(db: DbOrTx, guildId: string, kind: IntegrationKind) {
  const rows = await db
    .delete(guildIntegrations)
    .where(and(eq(guildIntegrations.guildId, guildId), eq(guildIntegrations.kind, kind)))
    .returning({ id: guildIntegrations.id })
  return rows[0] ?? null
}
