import type { Item } from '@contract/items'
import type { QueueEntry, QueueView } from '@contract/queues'

export const ITEM_ID = '00000000-0000-4000-8000-000000000001'

export function item(overrides: Partial<Item> = {}): Item {
  return {
    id: crypto.randomUUID(),
    name: 'Espada',
    description: null,
    rarity: null,
    itemType: null,
    isPublicVisible: true,
    queueCount: 0,
    createdAt: '2025-01-10T12:00:00.000Z',
    ...overrides,
  }
}

export function entry(position: number, overrides: Partial<QueueEntry> = {}): QueueEntry {
  return {
    id: crypto.randomUUID(),
    itemId: ITEM_ID,
    playerId: crypto.randomUUID(),
    playerName: `Player ${position}`,
    playerNotes: null,
    playerStatus: 'active',
    position,
    attendanceStatus: 'pending',
    timesReceived: 0,
    timesAbsent: 0,
    penaltyUntil: null,
    penaltyNote: null,
    isPenalized: false,
    createdAt: '2025-01-10T12:00:00.000Z',
    ...overrides,
  }
}

/** The queue as the server would answer it: positions 1..n in the given order. */
export function view(entries: QueueEntry[], undo: QueueView['undo'] = null): QueueView {
  return { itemId: ITEM_ID, entries: entries.map((e, i) => ({ ...e, position: i + 1 })), undo }
}
