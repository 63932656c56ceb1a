import type { Rarity } from '../../../contract/enums'
import type { AnnounceEvent, Announcement, AnnouncementType } from '../../../contract/integrations'

// What each queue action announces, and under which of the events a guild chooses.

export const QUEUE_ANNOUNCEMENTS: Record<string, { type: AnnouncementType; event: AnnounceEvent }> = {
  ITEM_RECEIVED: { type: 'item_received', event: 'awards' },
  PLAYER_ABSENT: { type: 'player_absent', event: 'absences' },
  PLAYER_PENALIZED: { type: 'player_penalized', event: 'absences' },
  PLAYER_PENALTY_REMOVED: { type: 'player_penalty_removed', event: 'absences' },
  PLAYER_NOT_INTERESTED: { type: 'player_not_interested', event: 'queue' },
  PLAYER_INTERESTED: { type: 'player_interested', event: 'queue' },
  QUEUE_ADD: { type: 'queue_add', event: 'queue' },
  QUEUE_ADD_ALL: { type: 'queue_add_all', event: 'queue' },
  QUEUE_REMOVE: { type: 'queue_remove', event: 'queue' },
  QUEUE_REORDER: { type: 'queue_reorder', event: 'queue' },
}

/** The guild's public page, linked from every announcement. */
export const publicPageUrl = (appUrl: string, slug: string) => `${appUrl}/guilds/${encodeURIComponent(slug)}`

type GuildRef = Announcement['guild']

const empty = {
  undone: false,
  item: null,
  player: null,
  previousPosition: null,
  newPosition: null,
  penaltyDays: null,
  count: null,
  subscription: null,
  note: null,
  actor: null,
} as const

export function testAnnouncement(input: { guild: GuildRef; at: Date }): Announcement {
  return { ...empty, type: 'test', guild: input.guild, occurredAt: input.at.toISOString() }
}

export function subscriptionAnnouncement(input: {
  guild: GuildRef
  from: string
  to: string
  at: Date
}): Announcement {
  return {
    ...empty,
    type: 'subscription_changed',
    guild: input.guild,
    subscription: { from: input.from, to: input.to },
    occurredAt: input.at.toISOString(),
  }
}

export type QueueEntryRef = {
  id: string
  playerName: string
  playerActive: boolean
  penaltyUntil: Date | null
}

/** A queue change as runQueueWrite knows it (server/modules/queues/queue-write.ts). */
export type QueueChangeFacts = {
  actionType: string
  item: { id: string; name: string; rarity: string | null }
  /** The entry acted on, or the item for whole-queue actions. */
  recordId: string
  /** The whole queue before the change, in order (hidden entries included). */
  before: QueueEntryRef[]
  /** Ids of the remaining entries after it, in order. */
  order: string[]
  /** The remaining entries after it, when the write knew them. */
  final?: QueueEntryRef[]
  note: string | null
  at: Date
}

/** 1-based among the entries shown (active players), or null when the entry is not there. */
function shownPosition(ids: string[], isActive: (id: string) => boolean, id: string): number | null {
  const index = ids.filter(isActive).indexOf(id)
  return index < 0 ? null : index + 1
}

export function queueAnnouncement(
  facts: QueueChangeFacts,
  input: { type: AnnouncementType; guild: GuildRef; actor: string | null; playerName: string | null },
): Announcement {
  const before = new Map(facts.before.map((e) => [e.id, e]))
  // An entry added by this change is not in `before`; only active players can be added.
  const isActive = (id: string) => before.get(id)?.playerActive ?? true
  const onEntry = facts.recordId !== facts.item.id
  const penaltyUntil = facts.final?.find((e) => e.id === facts.recordId)?.penaltyUntil ?? null
  const shown = facts.order.filter(isActive).length
  return {
    ...empty,
    type: input.type,
    guild: input.guild,
    item: { id: facts.item.id, name: facts.item.name, rarity: facts.item.rarity as Rarity | null },
    player: onEntry && input.playerName !== null ? { name: input.playerName } : null,
    previousPosition: onEntry
      ? shownPosition(
          facts.before.map((e) => e.id),
          isActive,
          facts.recordId,
        )
      : null,
    newPosition: onEntry ? shownPosition(facts.order, isActive, facts.recordId) : null,
    penaltyDays:
      input.type === 'player_penalized' && penaltyUntil
        ? Math.round((penaltyUntil.getTime() - facts.at.getTime()) / 86_400_000)
        : null,
    count:
      input.type === 'queue_add_all'
        ? facts.order.length - facts.before.length
        : input.type === 'queue_reorder'
          ? shown
          : null,
    note: facts.note,
    actor: input.actor,
    occurredAt: facts.at.toISOString(),
  }
}
