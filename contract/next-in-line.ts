import type { AttendanceStatus } from './enums'

// "Next in line" (docs/product-rules.md, "Queue ordering"): the first entry, in the rule's order, that can
// receive now. The rotation never runs dry: once everyone has received or been marked absent, the first of
// them is next again, as on every Suicide Kings list; pending entries (who have not had their turn since
// they joined) come first. Ranks (docs/decisions/018-ranks.md): a player below the item's minimum rank is
// never next, and with the guild's "rank first" the next is taken from the highest rank among those who can
// receive (players without a rank after every ranked one), by the same rule within it. The dashboard, the
// public page and a player's page call this on the entries they show; the overview's query
// (server/modules/overview/overview.queries.ts) says the same in SQL.

type Entry = {
  attendanceStatus: AttendanceStatus
  /** The player's rank level, 0 the highest; null: no rank. */
  rankLevel: number | null
  /** The player is below the item's minimum rank (contract/queues.ts). */
  belowMinimumRank: boolean
}

/** Where an entry's rank puts it with "rank first": by level, players without a rank last; else all alike. */
export function rankKey(entry: Pick<Entry, 'rankLevel'>, rankFirst: boolean): number {
  return rankFirst ? (entry.rankLevel ?? Number.MAX_SAFE_INTEGER) : 0
}

/**
 * Whether a player of rank level `level` (null: none) is below the minimum rank level `minLevel` (null: the
 * item has none). Without a rank, a player is below any minimum.
 */
export function isBelowMinimumRank(level: number | null, minLevel: number | null): boolean {
  return minLevel !== null && (level === null || level > minLevel)
}

/**
 * The next in line among `entries`, shown entries in queue order. `mayReceive` says what the caller knows
 * beyond the status and the rank: no live penalty, and during a raid night, here (contract/raid-nights.ts
 * isHereTonight). A pending entry comes before every other one of its rank (a lapsed penalty can leave it
 * behind them in storage until the next rule action sorts the queue). `rankFirst`: the guild's setting.
 */
export function nextInLine<E extends Entry>(
  entries: readonly E[],
  mayReceive: (entry: E) => boolean,
  rankFirst = false,
): E | undefined {
  let bestKey = Number.POSITIVE_INFINITY
  let firstPending: E | undefined
  let firstOther: E | undefined
  for (const entry of entries) {
    if (entry.attendanceStatus === 'not_interested' || entry.belowMinimumRank || !mayReceive(entry)) continue
    const key = rankKey(entry, rankFirst)
    if (key > bestKey) continue
    if (key < bestKey) {
      bestKey = key
      firstPending = undefined
      firstOther = undefined
    }
    if (entry.attendanceStatus === 'pending') firstPending ??= entry
    else firstOther ??= entry
  }
  return firstPending ?? firstOther
}

/**
 * Each entry's place among those `isHere` says are here (1-based, in queue order), for a raid night's
 * "#12 · #3 tonight"; an entry that is not here has none.
 */
export function placesAmongHere<E>(entries: readonly E[], isHere: (entry: E) => boolean): Map<E, number> {
  const places = new Map<E, number>()
  for (const entry of entries) if (isHere(entry)) places.set(entry, places.size + 1)
  return places
}
