import type { Rarity } from '../../../contract/enums'
import type {
  AnnounceEvent,
  AnnouncedNightSchema,
  Announcement,
  AnnouncementType,
  NightRecapSchema,
} from '../../../contract/integrations'
import type { z } from 'zod'

// What each queue action and raid night announces, and under which of the events a guild chooses.

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
  nextInLine: null,
  night: null,
  recap: null,
  note: null,
  actor: null,
} as const

export type AnnouncedNight = z.infer<typeof AnnouncedNightSchema>
export type NightRecap = z.infer<typeof NightRecapSchema>

/**
 * The event under which an integration announces a change, or null when it does not: the event the
 * change belongs to, except for an award during a raid night (docs/decisions/011-integrations.md, "Raid
 * nights"): its own message under `night_awards` when chosen; only the night's recap when `raid_nights` is
 * chosen without it; otherwise under `awards`, as every award.
 */
export function announcedAs(
  chosen: readonly AnnounceEvent[],
  event: AnnounceEvent,
  duringNight: boolean,
): AnnounceEvent | null {
  if (event === 'awards' && duringNight) {
    if (chosen.includes('night_awards')) return 'night_awards'
    if (chosen.includes('raid_nights')) return null
  }
  return chosen.includes(event) ? event : null
}

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

/** A queue change as runQueueWrite knows it (server/modules/queues/queue-write.ts). */
export type QueueChangeFacts = {
  actionType: string
  item: { id: string; name: string; rarity: string | null }
  /** The entry acted on, or the item for whole-queue actions. */
  recordId: string
  note: string | null
  at: Date
}

/**
 * What an announcement says about the queue around the change. The queue module reads it only when
 * something is announced, without reading the whole queue (docs/decisions/001-queue-ordering.md).
 */
export type QueueChangeDetails = {
  playerName: string | null
  /** 1-based among the entries shown (active players) before and after the change; null when not there. */
  previousPosition: number | null
  newPosition: number | null
  /** The acted-on entry's penalty after the change. */
  penaltyUntil: Date | null
  /** The entries added (add all) or ordered (a drag). */
  count: number | null
  /** An award: who is next in line for the item after it (null: nobody can receive it). */
  nextInLine?: { name: string } | null
  /** The raid night the action belongs to, so a bot can file an award under its night before the recap. */
  night?: AnnouncedNight | null
}

export function queueAnnouncement(
  facts: QueueChangeFacts & QueueChangeDetails,
  input: { type: AnnouncementType; guild: GuildRef; actor: string | null },
): Announcement {
  const onEntry = facts.recordId !== facts.item.id
  return {
    ...empty,
    type: input.type,
    guild: input.guild,
    item: { id: facts.item.id, name: facts.item.name, rarity: facts.item.rarity as Rarity | null },
    player: onEntry && facts.playerName !== null ? { name: facts.playerName } : null,
    previousPosition: onEntry ? facts.previousPosition : null,
    newPosition: onEntry ? facts.newPosition : null,
    penaltyDays:
      input.type === 'player_penalized' && facts.penaltyUntil
        ? Math.round((facts.penaltyUntil.getTime() - facts.at.getTime()) / 86_400_000)
        : null,
    count: input.type === 'queue_add_all' || input.type === 'queue_reorder' ? facts.count : null,
    nextInLine: input.type === 'item_received' ? (facts.nextInLine ?? null) : null,
    night: facts.night ?? null,
    note: facts.note,
    actor: input.actor,
    occurredAt: facts.at.toISOString(),
  }
}

/**
 * The correction of a night's recap: an award it listed was undone after it went out (an undo the member was
 * asked about, decision 016). Said as the award's own message, undone, naming the night.
 */
export function undoneRecappedAward(input: {
  guild: GuildRef
  item: { id: string; name: string; rarity: string | null }
  playerName: string
  night: AnnouncedNight
  note: string | null
  actor: string | null
  at: Date
}): Announcement {
  return {
    ...empty,
    type: 'item_received',
    undone: true,
    guild: input.guild,
    item: { id: input.item.id, name: input.item.name, rarity: input.item.rarity as Rarity | null },
    player: { name: input.playerName },
    night: input.night,
    note: input.note,
    actor: input.actor,
    occurredAt: input.at.toISOString(),
  }
}

/** A raid night's start, written once when it passes (server/modules/raid-nights/night-starts.ts). */
export function nightStartedAnnouncement(input: {
  guild: GuildRef
  night: AnnouncedNight
  at: Date
}): Announcement {
  return {
    ...empty,
    type: 'night_started',
    guild: input.guild,
    night: input.night,
    occurredAt: input.at.toISOString(),
  }
}

/** A completed night's recap: its awards with their notes and the marks counted. */
export function nightRecapAnnouncement(input: {
  guild: GuildRef
  night: AnnouncedNight
  recap: NightRecap
  actor: string | null
  at: Date
}): Announcement {
  return {
    ...empty,
    type: 'night_recap',
    guild: input.guild,
    night: input.night,
    recap: input.recap,
    actor: input.actor,
    occurredAt: input.at.toISOString(),
  }
}
