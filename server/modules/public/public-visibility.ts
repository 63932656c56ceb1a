import { sortByName } from '../../../contract/names'
import type { PlayerMove, PlayerStanding } from '../../../contract/player-standing'
import type { PublicQueue } from '../../../contract/public'
import type { PublicVisibility } from '../../../contract/public-visibility'
import type { PublicGuildRow } from './public.queries'
import type { PublicAttendanceStatus, PublicQueueMode } from '../../../contract/enums'

// The guild's visibility settings applied to what the public is sent (contract/public-visibility.ts,
// docs/decisions/019-public-visibility.md). Applied before an answer is cached, so the cached bytes, the
// server-rendered page made from them and the API all carry the same, already reduced, data: a hidden field
// never leaves the server.

export function visibilityOf(guild: PublicGuildRow): PublicVisibility {
  return {
    showNotes: guild.publicShowNotes,
    showCounters: guild.publicShowCounters,
    queueMode: guild.publicQueueMode as PublicQueueMode,
    queueFirst: guild.publicQueueFirst,
    showAttendance: guild.publicShowAttendance,
  }
}

/** A penalty's reason is a counter's companion: it goes with them (PublicVisibility.showCounters). */
const PENALTY_ACTION = 'PLAYER_PENALIZED'

/** The last reason on an entry as the public may see it. */
export function publicEntryNote(
  latest: { note: string | null; actionType: string } | undefined,
  visibility: PublicVisibility,
): string | null {
  if (!latest?.note || !visibility.showNotes) return null
  if (latest.actionType === PENALTY_ACTION && !visibility.showCounters) return null
  return latest.note
}

/**
 * An entry's status without what it received: with counters hidden, received and absent are both `had_turn`
 * (docs/decisions/019-public-visibility.md, "What each player received"); pending and not interested stay.
 */
function statusWithoutReceipts(status: PublicAttendanceStatus): PublicAttendanceStatus {
  return status === 'received' || status === 'absent' ? 'had_turn' : status
}

/** An entry, or a player's place, less its counts, its status's receipt and its penalty's reason. */
function withoutCounters<T extends { attendanceStatus: PublicAttendanceStatus }>(entry: T): T {
  return {
    ...entry,
    attendanceStatus: statusWithoutReceipts(entry.attendanceStatus),
    timesReceived: null,
    timesAbsent: null,
    penaltyNote: null,
  }
}

/**
 * The queue as the guild shows it: notes, counters and how much of the order. Hidden counters also take who
 * received the item last and each row's received or absent: "what each player received".
 */
export function reduceQueue(
  queue: Omit<PublicQueue, 'shown' | 'unlisted'>,
  visibility: PublicVisibility,
): PublicQueue {
  const total = queue.entries.length
  const shownCount =
    visibility.queueMode === 'full' ? total : visibility.queueMode === 'first' ? visibility.queueFirst : 0
  const entries = queue.entries
    .slice(0, shownCount)
    .map((entry) => (visibility.showCounters ? entry : withoutCounters(entry)))
  const lastRecipient = !visibility.showCounters
    ? null
    : queue.lastRecipient && !visibility.showNotes
      ? { ...queue.lastRecipient, note: null }
      : queue.lastRecipient
  const unlisted = sortByName(
    queue.entries.slice(shownCount).map((entry) => ({
      playerId: entry.playerId,
      playerName: entry.playerName,
      attendanceStatus: visibility.showCounters
        ? entry.attendanceStatus
        : statusWithoutReceipts(entry.attendanceStatus),
      isPenalized: entry.isPenalized,
      penaltyUntil: entry.penaltyUntil,
      rankLevel: entry.rankLevel,
      belowMinimumRank: entry.belowMinimumRank,
    })),
    (player) => player.playerName,
    (player) => player.playerId,
  )
  return {
    ...queue,
    entries,
    unlisted,
    shown: { mode: visibility.queueMode, first: visibility.queueFirst, total },
    lastRecipient,
  }
}

/**
 * What a move tells that counters show: a receipt or an absence (a raid night's pass that marked the player
 * absent is one), or the undo of one.
 */
const COUNTED_KINDS: readonly (PlayerMove['kind'] | null)[] = ['received', 'absent', 'passedAbsent']
const counted = (move: PlayerMove) => COUNTED_KINDS.includes(move.kind) || COUNTED_KINDS.includes(move.undid)

/**
 * A player's public page as the guild shows it. The player's own place in each queue stays in every queue
 * mode (it is their page); hidden counters take the counts, the receipts, each place's received or absent
 * and the moves that would count them; hidden notes take the notes typed with actions and awards.
 */
export function reduceStanding(standing: PlayerStanding, visibility: PublicVisibility): PlayerStanding {
  const { showNotes, showCounters, showAttendance } = visibility
  const noteOf = (move: PlayerMove) => {
    if (move.kind === 'penalized') return showCounters ? move.note : null
    return showNotes ? move.note : null
  }
  return {
    ...standing,
    queues: standing.queues.map((place) => (showCounters ? place : withoutCounters(place))),
    received: showCounters
      ? standing.received.map((receipt) => (showNotes ? receipt : { ...receipt, notes: null }))
      : [],
    receivedTotal: showCounters ? standing.receivedTotal : null,
    moves: standing.moves
      .filter((move) => showCounters || !counted(move))
      .map((move) => ({ ...move, note: noteOf(move) })),
    attendance: showAttendance ? standing.attendance : null,
    hidden: { notes: !showNotes, counters: !showCounters, attendance: !showAttendance },
  }
}
