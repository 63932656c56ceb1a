import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { billingEvents, guilds } from '../../db/schema'

export async function findBillingGuild(db: DbOrTx, guildId: string, lock?: 'update') {
  const query = db.select().from(guilds).where(eq(guilds.id, guildId))
  const [row] = lock ? await query.for(lock) : await query
  return row ?? null
}
export type BillingGuildRow = NonNullable<Awaited<ReturnType<typeof findBillingGuild>>>

/**
 * The one lookup not scoped by a session's guild: a provider event that carries no guild id (e.g. a
 * subscription created before metadata was set) names the guild through its subscription or customer.
 */
export async function findGuildIdByBillingRefs(
  db: DbOrTx,
  refs: { subscriptionId: string | null; customerId: string | null },
): Promise<string | null> {
  for (const [column, value] of [
    [guilds.billingSubscriptionId, refs.subscriptionId],
    [guilds.billingCustomerId, refs.customerId],
  ] as const) {
    if (!value) continue
    const [row] = await db.select({ id: guilds.id }).from(guilds).where(eq(column, value)).limit(1)
    if (row) return row.id
  }
  return null
}

/** false: this provider event was already recorded (a replay), so it must change nothing. */
export async function recordBillingEvent(
  tx: DbOrTx,
  row: { id: string; type: string; guildId: string; payload: unknown },
): Promise<boolean> {
  const inserted = await tx
    .insert(billingEvents)
    .values(row)
    .onConflictDoNothing({ target: billingEvents.id })
    .returning({ id: billingEvents.id })
  return inserted.length > 0
}

export type GuildBillingPatch = Partial<
  Pick<
    BillingGuildRow,
    | 'subscriptionStatus'
    | 'subscriptionEndDate'
    | 'billingCustomerId'
    | 'billingSubscriptionId'
    | 'billingInterval'
    | 'subscriptionSyncedAt'
    | 'subscriptionAccessUntil'
    | 'billingAmountCents'
    | 'billingCurrency'
    | 'extraInvites'
    | 'updatedAt'
  >
>

export async function updateGuildBilling(tx: DbOrTx, guildId: string, patch: GuildBillingPatch) {
  await tx.update(guilds).set(patch).where(eq(guilds.id, guildId))
}
