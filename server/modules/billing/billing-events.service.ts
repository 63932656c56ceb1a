import { z } from 'zod'
import type { Deps } from '../../deps'
import type { Tx } from '../../db/client'
import { insertAuditRow } from '../../platform/audit/audit.queries'
import type { BillingEvent } from '../../platform/billing/billing-provider'
import type { GuildEvent } from '../../platform/realtime'
import { announceSubscriptionChange } from '../integrations/announce.service'
import { notifyPaymentProblem } from '../notifications/notify.service'
import { type BillingOutcome, planBillingChange } from './billing-state'
import {
  findBillingGuild,
  findGuildIdByBillingRefs,
  recordBillingEvent,
  updateGuildBilling,
} from './billing.queries'

// The ONLY code that changes a guild's subscription status, end date, billing ids and extra invites.
// Stripe's webhook and the sandbox's pages both end here with the same normalized event.

export type ApplyResult = {
  outcome: BillingOutcome | 'replay' | 'unknown_guild'
  guildId: string | null
  /** What open dashboards and public pages must refetch, published after the commit. */
  topics: GuildEvent['topic'][]
  /** A Discord / webhook announcement of the new state waits in the outbox (sent after the commit). */
  announced?: boolean
}

const uuid = z.uuid()

async function resolveGuildId(tx: Tx, event: BillingEvent): Promise<string | null> {
  // Metadata is ours (set on every checkout) but still checked: a malformed id must not reach a uuid column.
  if (event.guildId !== null) return uuid.safeParse(event.guildId).success ? event.guildId : null
  return findGuildIdByBillingRefs(tx, {
    subscriptionId: event.kind === 'extra_invite' ? null : event.subscriptionId,
    customerId: event.customerId,
  })
}

/**
 * Inside the caller's transaction, so a sandbox page can mark its session paid in the same commit. `appUrl`
 * links announcements of a new subscription state to the guild's public page.
 */
export async function applyBillingEventInTx(
  tx: Tx,
  event: BillingEvent,
  now: Date,
  appUrl: string,
): Promise<ApplyResult> {
  const guildId = await resolveGuildId(tx, event)
  // The guild row is locked first: events of one guild apply one at a time, and a concurrent replay waits
  // here until the first delivery commits, then finds its id recorded.
  const guild = guildId ? await findBillingGuild(tx, guildId, 'update') : null
  if (!guildId || !guild) return { outcome: 'unknown_guild', guildId: null, topics: [] }
  const fresh = await recordBillingEvent(tx, {
    id: event.id,
    type: event.type,
    guildId,
    payload: event,
  })
  if (!fresh) return { outcome: 'replay', guildId, topics: [] }

  const change = planBillingChange(guild, event)
  if (Object.keys(change.patch).length > 0) {
    await updateGuildBilling(tx, guildId, change.audit ? { ...change.patch, updatedAt: now } : change.patch)
  }
  if (change.audit) {
    // Billing changes come from the provider, not from a member: the log shows them as the system's.
    await insertAuditRow(tx, {
      guildId,
      userId: null,
      tableName: 'guilds',
      recordId: guildId,
      actionType: change.audit.action,
      description: change.audit.description,
      at: now,
    })
  }
  const announced = change.patch.subscriptionStatus
    ? await announceSubscriptionChange(tx, appUrl, {
        guildId,
        from: guild.subscriptionStatus,
        to: change.patch.subscriptionStatus,
        at: now,
      })
    : false
  // A payment that failed: the admins with e-mail notifications hear it (once per provider event).
  const mailed =
    change.patch.subscriptionStatus === 'past_due' && guild.subscriptionStatus !== 'past_due'
      ? await notifyPaymentProblem(tx, { guildId, billingEventId: event.id, at: now })
      : false
  const topics: GuildEvent['topic'][] =
    change.outcome !== 'changed' ? [] : event.kind === 'extra_invite' ? ['guild', 'members'] : ['guild']
  return { outcome: change.outcome, guildId, topics, announced: announced || mailed }
}

/** After the commit: dashboards refetch /me and the guild; open public pages re-check their gate. */
export async function publishBillingChange(deps: Deps, result: ApplyResult) {
  for (const topic of result.topics) await deps.realtime.publish({ guildId: result.guildId!, topic })
  if (result.announced) deps.announcer.wake()
}

export async function applyBillingEvent(deps: Deps, event: BillingEvent): Promise<ApplyResult> {
  const result = await deps.database.db.transaction((tx) =>
    applyBillingEventInTx(tx, event, deps.now(), deps.env.APP_URL),
  )
  await publishBillingChange(deps, result)
  const log = result.outcome === 'unknown_guild' ? deps.logger.warn : deps.logger.info
  log('billing event', { id: event.id, type: event.type, outcome: result.outcome })
  return result
}
