import type { Me, Subscription } from '@contract/accounts'
import type { Guild } from '@contract/guild'
import type { Item } from '@contract/items'
import type { Overview } from '@contract/overview'
import type { PlayerQueuePlace } from '@contract/player-standing'
import type { Player } from '@contract/players'
import type { PublicQueue, PublicQueueEntry } from '@contract/public'
import type { QueueChange, QueueEntry, QueueView, UndoOffer } from '@contract/queues'

// What the API answers, built with sensible defaults; a test overrides only what it is about.

/** A guild's subscription: day 1 of its 3-day trial. */
export function trialSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    status: 'trialing',
    isTrialing: true,
    isExpired: false,
    allowed: true,
    daysRemaining: 2,
    trialEndsAt: '2025-01-13T12:00:00.000Z',
    ...overrides,
  }
}

/** A paid (Pro) subscription, once its trial has ended. */
export const activeSubscription = (overrides: Partial<Subscription> = {}): Subscription =>
  trialSubscription({ status: 'active', isTrialing: false, daysRemaining: 0, ...overrides })

/** The signed-in member (/me): a guild admin on a trial by default. */
export function me(
  overrides: Partial<Me> = {},
  subscription: Partial<NonNullable<Me['subscription']>> = {},
): Me {
  return {
    user: { id: 'u1', email: 'ana@example.com', name: 'Ana Lima' },
    profile: {
      id: '00000000-0000-4000-8000-000000000011',
      displayName: 'Ana Lima',
      gameCharacterName: null,
      role: 'guild_admin',
      isActive: true,
      language: 'pt',
      notifications: { email: true, events: true, loot: true },
      createdAt: '2025-01-10T12:00:00.000Z',
    },
    guild: {
      id: '00000000-0000-4000-8000-000000000021',
      name: 'Cavaleiros',
      slug: 'cavaleiros',
      subscriptionStatus: 'trialing',
      createdAt: '2025-01-10T12:00:00.000Z',
    },
    subscription: trialSubscription(subscription),
    ...overrides,
  }
}

/** The member's guild (GET /guild): me()'s guild, on its trial, with a public password. */
export function guild(overrides: Partial<Guild> = {}): Guild {
  return {
    id: '00000000-0000-4000-8000-000000000021',
    name: 'Cavaleiros',
    slug: 'cavaleiros',
    subscriptionStatus: 'trialing',
    subscription: trialSubscription(),
    publicAccessPassword: 'raid-night',
    createdAt: '2025-01-10T12:00:00.000Z',
    updatedAt: '2025-01-11T15:30:00.000Z',
    ...overrides,
  }
}

export const ITEM_ID = '00000000-0000-4000-8000-000000000001'

export function item(overrides: Partial<Item> = {}): Item {
  return {
    id: crypto.randomUUID(),
    name: 'Espada',
    description: null,
    rarity: null,
    itemType: null,
    isPublicVisible: true,
    minRankId: null,
    queueCount: 0,
    createdAt: '2025-01-10T12:00:00.000Z',
    ...overrides,
  }
}

/** A queue row's standing before anything happened: pending, nothing received, missed or penalised. */
const FRESH_STANDING = {
  attendanceStatus: 'pending',
  timesReceived: 0,
  timesAbsent: 0,
  penaltyUntil: null,
  penaltyNote: null,
  penaltyNotePrivate: false,
  isPenalized: false,
} as const

export function entry(position: number, overrides: Partial<QueueEntry> = {}): QueueEntry {
  return {
    id: crypto.randomUUID(),
    itemId: ITEM_ID,
    playerId: crypto.randomUUID(),
    playerName: `Player ${position}`,
    playerNotes: null,
    playerStatus: 'active',
    position,
    ...FRESH_STANDING,
    rankLevel: null,
    belowMinimumRank: false,
    createdAt: '2025-01-10T12:00:00.000Z',
    ...overrides,
  }
}

/** A row of a public queue: a pending player with nothing received, missed or noted. */
/** A player of a public queue below the places the guild shows (PublicQueue.unlisted). */
export function unlistedPlayer(
  playerId: string,
  playerName: string,
  overrides: Partial<PublicQueue['unlisted'][number]> = {},
): PublicQueue['unlisted'][number] {
  const { attendanceStatus, isPenalized, penaltyUntil } = FRESH_STANDING
  return {
    playerId,
    playerName,
    attendanceStatus,
    isPenalized,
    penaltyUntil,
    rankLevel: null,
    belowMinimumRank: false,
    ...overrides,
  }
}

export function publicEntry(
  position: number,
  playerName: string,
  overrides: Partial<PublicQueueEntry> = {},
): PublicQueueEntry {
  return {
    position,
    playerId: `00000000-0000-4000-8000-00000000000${position}`,
    playerName,
    ...FRESH_STANDING,
    rankLevel: null,
    belowMinimumRank: false,
    lastNote: null,
    rankName: null,
    ...overrides,
  }
}

/**
 * What a public queue says of how much it shows: everything (the default visibility); no "rank first", no
 * minimum rank.
 */
export function shownInFull(
  entries: PublicQueueEntry[],
): Pick<PublicQueue, 'shown' | 'unlisted' | 'rankFirst' | 'minRankName'> {
  return {
    shown: { mode: 'full', first: 10, total: entries.length },
    unlisted: [],
    rankFirst: false,
    minRankName: null,
  }
}

/** The queue as the server would answer it: positions 1..n in the given order. */
/** An undoable action, 10 minutes left, by the signed-in member of `me()` (user u1). */
export function undoOffer(overrides: Partial<UndoOffer> = {}): UndoOffer {
  return {
    actionType: 'ITEM_RECEIVED',
    expiresAt: new Date(Date.now() + 600_000).toISOString(),
    playerName: 'Aria',
    count: null,
    actorUserId: 'u1',
    actorName: 'Ana Lima',
    ...overrides,
  }
}

export function view(entries: QueueEntry[], undo: QueueView['undo'] = null, version = 1): QueueView {
  return {
    itemId: ITEM_ID,
    version,
    entries: entries.map((e, i) => ({ ...e, position: i + 1 })),
    undo,
    rankFirst: false,
  }
}

/** A write's answer that carries the whole new queue (a re-sort, a drag, an undo). */
export function wholeQueue(queue: QueueView): QueueChange {
  return { itemId: queue.itemId, version: queue.version, undo: queue.undo, queue, placed: [], removed: [] }
}

/** A write's answer that moves or adds entries, each right after `after` (null: first), and removes some. */
export function placed(
  version: number,
  undo: QueueView['undo'],
  moves: { entry: QueueEntry; after: string | null }[],
  removed: string[] = [],
): QueueChange {
  return {
    itemId: ITEM_ID,
    version,
    undo,
    queue: null,
    placed: moves.map(({ entry: { position: _, ...rest }, after }) => ({ entry: rest, after })),
    removed,
  }
}

/** A player of the roster: active, no notes, no rank, a fresh id. */
export function player(name: string, overrides: Partial<Player> = {}): Player {
  const playerStatus = overrides.playerStatus ?? 'active'
  return {
    id: crypto.randomUUID(),
    name,
    notes: null,
    playerStatus,
    isActive: playerStatus === 'active',
    rankId: null,
    createdAt: '2025-01-10T12:00:00.000Z',
    ...overrides,
  }
}

/** One queue on a player's page: first of 4 in the sword's queue, pending, nothing received. */
export function queuePlace(overrides: Partial<PlayerQueuePlace> = {}): PlayerQueuePlace {
  return {
    itemId: ITEM_ID,
    itemName: 'Espada',
    rarity: null,
    itemType: null,
    isPublicVisible: true,
    position: 1,
    queueLength: 4,
    pendingAhead: 0,
    isNext: false,
    tonight: null,
    belowMinimumRank: false,
    minRankName: null,
    rankFirst: false,
    attendanceStatus: 'pending',
    isPenalized: false,
    penaltyUntil: null,
    penaltyNote: null,
    timesReceived: 0,
    timesAbsent: 0,
    ...overrides,
  }
}

/** The overview of a new guild: no items, players or loot, no night, rank first off. */
export function overview(overrides: Partial<Overview> = {}): Overview {
  return {
    itemCount: 0,
    activePlayerCount: 0,
    distributedCount: 0,
    rankFirst: false,
    night: null,
    nextUp: [],
    ...overrides,
  }
}
