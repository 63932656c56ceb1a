import type { PublicAttendanceStatus } from './enums'

// "Next in line" (docs/product-rules.md, "Queue ordering"): the first entry, in the rule's order, that can
// receive now. The rotation never runs dry: once everyone has received or been marked absent, the first of
// them is next again, as on every Suicide Kings list; pending entries (who have not had their turn since
// they joined) come first. Ranks (docs/decisions/018-ranks.md): a player below the item's minimum rank is
// never next, and with the guild's "rank first" the next is taken from the highest rank among those who can
// receive (players without a rank after every ranked one), by the same rule within it. The dashboard, the
// public page and a player's page call this on the entries they show; the overview's query
// (server/modules/overview/overview.queries.ts) says the same in SQL.

type Entry = {
  /** `had_turn` (the public page with counters hidden) is received or absent: the same group here. */
  attendanceStatus: PublicAttendanceStatus
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
 * During a raid night, each entry's tag in a queue ("#12 · #3 tonight"; docs/product-rules.md, "Raid nights"):
 * its place, in the order they receive, among the entries that could receive the item tonight: here
 * (`isHere`: present, late or not marked, contract/raid-nights.ts isHereTonight) and not below the item's
 * minimum rank, who can never receive it. The order is the queue's, and with the guild's "rank first" the
 * queue's within each rank, highest first (as nextInLine takes them): "#1 tonight" is who the night's next in
 * line is, unless a penalty or "not interested" holds them. Those do not take a place away: they may change
 * during the night, and the place is a place in the order, as the position is. An entry not here is null
 * ("not here tonight"); an entry here but below the minimum has no tag (not in the map): it counts for nobody's
 * place, as it counts for nobody's "pending ahead". The public queue and a player's page (dashboard and
 * public) both call it.
 */
export function tonightPlaces<E extends Pick<Entry, 'belowMinimumRank' | 'rankLevel'>>(
  entries: readonly E[],
  isHere: (entry: E) => boolean,
  rankFirst = false,
): Map<E, number | null> {
  const places = new Map<E, number | null>()
  const counted = entries.filter((entry) => isHere(entry) && !entry.belowMinimumRank)
  // A stable sort: the queue's order within a rank (outside "rank first" every key is the same).
  if (rankFirst) counted.sort((a, b) => rankKey(a, true) - rankKey(b, true))
  for (const [index, entry] of counted.entries()) places.set(entry, index + 1)
  for (const entry of entries) if (!isHere(entry)) places.set(entry, null)
  return places
}
