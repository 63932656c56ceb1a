import type { AnnounceEvent, Announcement } from '../../../contract/integrations'
import type { Tx } from '../../db/client'
import { publicPageUrl } from '../../lib/public-page-url'
import { deriveSubscription } from '../../lib/subscription-state'
import {
  actorName,
  announcementsOfAction,
  cancelUntried,
  insertOutbox,
  type SendingIntegration,
  sendingIntegrations,
} from './announce.queries'
import {
  type AnnouncedNight,
  announcedAs,
  type NightRecap,
  nightRecapAnnouncement,
  nightStartedAnnouncement,
  QUEUE_ANNOUNCEMENTS,
  type QueueChangeDetails,
  type QueueChangeFacts,
  queueAnnouncement,
  subscriptionAnnouncement,
  undoneRecappedAward,
} from './announcement'

// Announcements are written to the outbox INSIDE the transaction of the action they announce: a rolled-back
// action leaves none, a committed one always has its row. The sender delivers them after the commit
// (server/platform/integrations/outbox-sender.ts). Each function answers whether it wrote anything, so the
// caller wakes the sender after its commit.

const guildRef = (appUrl: string, target: SendingIntegration) => ({
  name: target.guildName,
  slug: target.guildSlug,
  publicUrl: publicPageUrl(appUrl, target.guildSlug),
})

async function enqueue(
  tx: Tx,
  guildId: string,
  targets: SendingIntegration[],
  input: {
    event: AnnounceEvent
    itemId: string | null
    actionAt: Date
    announcement: Announcement
    at: Date
  },
) {
  await insertOutbox(
    tx,
    targets.map((target) => ({ guildId, integrationId: target.id, ...input })),
  )
  return targets.length > 0
}

/** Queue and raid-night announcements are a Pro feature (docs/decisions/011-integrations.md). */
function guildIsPro(targets: SendingIntegration[], at: Date): boolean {
  const [guild] = targets
  return deriveSubscription(
    {
      subscriptionStatus: guild!.subscriptionStatus,
      subscriptionAccessUntil: guild!.subscriptionAccessUntil,
      createdAt: guild!.guildCreatedAt,
    },
    at,
  ).allowed
}

/** The guild's integrations that may send: a queue write asks once, before it changes anything. */
export function queueAnnouncementTargets(tx: Tx, guildId: string): Promise<SendingIntegration[]> {
  return sendingIntegrations(tx, guildId)
}

/**
 * The hook of every queue write (runQueueWrite), with the targets it asked for first. Queue announcements
 * are a Pro feature: a guild without an active subscription or live trial announces nothing
 * (docs/decisions/011-integrations.md). `details` is read only when something is announced.
 */
export async function announceQueueChange(
  tx: Tx,
  appUrl: string,
  targets: SendingIntegration[],
  change: QueueChangeFacts & {
    guildId: string
    userId: string
    /** An undo names the action it undid: its announcements are dropped if unsent, else corrected. */
    undoes?: UndoneAction | null
    /** The raid night the action happened in (an award then may go only into the night's recap). */
    raidNightId?: string | null
    details: () => Promise<QueueChangeDetails>
  },
): Promise<boolean> {
  if (targets.length === 0) return false
  if (change.undoes) return correctUndone(tx, appUrl, change.guildId, change, change.undoes, targets)
  const kind = QUEUE_ANNOUNCEMENTS[change.actionType]
  if (!kind) return false
  if (!guildIsPro(targets, change.at)) return false
  const byEvent = new Map<AnnounceEvent, SendingIntegration[]>()
  for (const target of targets) {
    const event = announcedAs(target.events as AnnounceEvent[], kind.event, Boolean(change.raidNightId))
    if (event) byEvent.set(event, [...(byEvent.get(event) ?? []), target])
  }
  if (byEvent.size === 0) return false
  const announcement = queueAnnouncement(
    { ...change, ...(await change.details()) },
    {
      type: kind.type,
      guild: guildRef(appUrl, targets[0]!),
      actor: await actorName(tx, change.guildId, change.userId),
    },
  )
  for (const [event, chosen] of byEvent)
    await enqueue(tx, change.guildId, chosen, {
      event,
      itemId: change.item.id,
      actionAt: change.at,
      announcement,
      at: change.at,
    })
  return true
}

/** The guild's integrations that announce raid nights, while the guild is Pro. */
async function nightTargets(tx: Tx, guildId: string, at: Date) {
  const targets = (await sendingIntegrations(tx, guildId)).filter((t) => t.events.includes('raid_nights'))
  return targets.length > 0 && guildIsPro(targets, at) ? targets : []
}

/** "The night started": written once per night, when its start passes (raid-nights/night-starts.ts). */
export async function announceNightStart(
  tx: Tx,
  appUrl: string,
  input: { guildId: string; night: AnnouncedNight; at: Date },
): Promise<boolean> {
  const targets = await nightTargets(tx, input.guildId, input.at)
  if (targets.length === 0) return false
  const announcement = nightStartedAnnouncement({
    guild: guildRef(appUrl, targets[0]!),
    night: input.night,
    at: input.at,
  })
  return enqueue(tx, input.guildId, targets, {
    event: 'raid_nights',
    itemId: null,
    actionAt: input.at,
    announcement,
    at: input.at,
  })
}

/**
 * A completed night's recap, in the transaction that completes it. `read` (the night, its awards and its
 * marks) is called only when some integration announces raid nights.
 */
export async function announceNightRecap(
  tx: Tx,
  appUrl: string,
  input: {
    guildId: string
    userId: string
    at: Date
    read: () => Promise<{ night: AnnouncedNight; recap: NightRecap }>
  },
): Promise<boolean> {
  const targets = await nightTargets(tx, input.guildId, input.at)
  if (targets.length === 0) return false
  const announcement = nightRecapAnnouncement({
    guild: guildRef(appUrl, targets[0]!),
    ...(await input.read()),
    actor: await actorName(tx, input.guildId, input.userId),
    at: input.at,
  })
  return enqueue(tx, input.guildId, targets, {
    event: 'raid_nights',
    itemId: null,
    actionAt: input.at,
    announcement,
    at: input.at,
  })
}

/** The action an undo took back; an award a sent night recap listed says so (queue-undo.service.ts). */
export type UndoneAction = {
  actionType: string
  at: Date
  recapped?: { night: AnnouncedNight; playerName: string; note: string | null }
}

/**
 * Unsent announcements of the undone action are dropped; sent (or maybe sent) ones get a correction. An award
 * a night's recap listed had no message of its own where the guild announces raid nights without each award:
 * those integrations get the award's message, undone, naming the night (its recap is not sent again).
 */
async function correctUndone(
  tx: Tx,
  appUrl: string,
  guildId: string,
  change: { item: { id: string; name: string; rarity: string | null }; userId: string; at: Date },
  undone: UndoneAction,
  targets: SendingIntegration[],
): Promise<boolean> {
  const originals = await announcementsOfAction(tx, guildId, {
    itemId: change.item.id,
    actionAt: undone.at,
    integrationIds: targets.map((t) => t.id),
  })
  let wrote = false
  const recapOnly = undone.recapped
    ? targets.filter(
        (t) => t.events.includes('raid_nights') && !originals.some((o) => o.integrationId === t.id),
      )
    : []
  const actor =
    originals.length > 0 || recapOnly.length > 0 ? await actorName(tx, guildId, change.userId) : null
  if (undone.recapped && recapOnly.length > 0 && guildIsPro(recapOnly, change.at)) {
    const announcement = undoneRecappedAward({
      guild: guildRef(appUrl, recapOnly[0]!),
      item: change.item,
      ...undone.recapped,
      actor,
      at: change.at,
    })
    wrote = await enqueue(tx, guildId, recapOnly, {
      event: 'raid_nights',
      itemId: change.item.id,
      actionAt: change.at,
      announcement,
      at: change.at,
    })
  }
  for (const original of originals) {
    if (original.status === 'failed' || original.status === 'cancelled') continue
    if (original.status === 'pending' && (await cancelUntried(tx, guildId, original.id))) continue
    const target = targets.find((t) => t.id === original.integrationId)!
    wrote =
      (await enqueue(tx, guildId, [target], {
        event: original.event as AnnounceEvent,
        itemId: change.item.id,
        actionAt: change.at,
        // Where the action put the player and who was next after it are undone too: left out, not repeated.
        announcement: {
          ...(original.announcement as Announcement),
          newPosition: null,
          nextInLine: undefined,
          undone: true,
          actor,
          occurredAt: change.at.toISOString(),
        },
        at: change.at,
      })) || wrote
  }
  return wrote
}

/** A subscription changed state (billing): announced to guilds that chose it, whatever the new state. */
export async function announceSubscriptionChange(
  tx: Tx,
  appUrl: string,
  input: { guildId: string; from: string; to: string; at: Date },
): Promise<boolean> {
  const targets = (await sendingIntegrations(tx, input.guildId)).filter((t) =>
    t.events.includes('subscription'),
  )
  if (targets.length === 0) return false
  const announcement = subscriptionAnnouncement({
    guild: guildRef(appUrl, targets[0]!),
    from: input.from,
    to: input.to,
    at: input.at,
  })
  return enqueue(tx, input.guildId, targets, {
    event: 'subscription',
    itemId: null,
    actionAt: input.at,
    announcement,
    at: input.at,
  })
}
