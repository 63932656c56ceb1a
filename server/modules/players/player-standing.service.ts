import { penaltyFacts } from '../../../contract/activity-description'
import type { AttendanceStatus, PlayerStatus, Rarity } from '../../../contract/enums'
import { sortByName } from '../../../contract/names'
import {
  type MoveKind,
  type PlayerAttendance,
  type PlayerMove,
  type PlayerQueuePlace,
  type PlayerStanding,
  STANDING_MOVES_LISTED,
  STANDING_RECEIPTS_LISTED,
} from '../../../contract/player-standing'
import { nextInLine, rankKey, tonightPlaces } from '../../../contract/next-in-line'
import { ATTENDANCE_WINDOW_DAYS } from '../../../contract/raid-nights'
import type { Deps } from '../../deps'
import { type HereTonight, hereNow, type NightNow } from '../raid-nights/attendance.service'
import { guildNightSettings } from '../raid-nights/raid-nights.queries'
import { getQueue } from '../queues/queues.service'
import { attendanceCounts, moves, queuedItems, receipts } from './player-standing.queries'
import { findPlayer } from './players.queries'
import { NIGHT_ATTENDANCE, type NightAttendance } from '../../../contract/enums'

// A player's page: where they stand in each queue (through the queue view, which numbers the shown
// entries 1..n), what they received, and the actions that moved them.

const MOVE_OF: Record<string, MoveKind> = {
  QUEUE_ADD: 'added',
  QUEUE_ADD_ALL: 'added',
  ITEM_RECEIVED: 'received',
  PLAYER_ABSENT: 'absent',
  PLAYER_NOT_INTERESTED: 'notInterested',
  PLAYER_INTERESTED: 'interested',
  PLAYER_PENALIZED: 'penalized',
  PLAYER_PENALTY_REMOVED: 'penaltyRemoved',
  QUEUE_REORDER: 'reordered',
  QUEUE_UNDO: 'undone',
  PLAYER_PASSED: 'passed',
  PLAYER_PASSED_ABSENT: 'passedAbsent',
}

const SEPARATOR = ' · '

const DAY_MS = 86_400_000

type MoveRow = Awaited<ReturnType<typeof moves>>[number]

/**
 * A pass's night and the player's mark: its description is "item · player · night · mark"
 * (server/db/functions/lq_queue_entry_action.sql); the night's name comes from the night itself while it exists.
 * The public page learns who was not here, never why (docs/product-rules.md, "Raid nights").
 */
function passOf(row: MoveRow, publicOnly: boolean): PlayerMove['pass'] {
  const segments = row.description.split(SEPARATOR)
  const mark = segments.at(-1) as NightAttendance
  return {
    night: row.nightName ?? segments.slice(2, -1).join(SEPARATOR),
    attendance: publicOnly || !NIGHT_ATTENDANCE.includes(mark) ? null : mark,
  }
}

/**
 * A note typed with an action as the page may show it: the dashboard gets it with its officers-only mark,
 * the public page never gets an officers-only note (docs/decisions/019-public-visibility.md).
 */
const shownNote = (note: string | null, isPrivate: boolean, publicOnly: boolean) =>
  publicOnly && isPrivate ? null : note
/** The officers-only mark, on the dashboard only (the public page never learns a note was kept from it). */
const privateMark = <K extends string>(key: K, isPrivate: boolean, publicOnly: boolean) =>
  (publicOnly ? {} : { [key]: isPrivate }) as Partial<Record<K, boolean>>

/**
 * What an undo took back, from its description: "item · ACTION", or "item · player · ACTION" when it was one
 * player's action (server/modules/queues/queue-undo.service.ts). `by`: that player, when not `playerName`.
 */
function undoneOf(description: string, playerName: string) {
  const segments = description.split(SEPARATOR)
  const undid = MOVE_OF[segments.at(-1) ?? ''] ?? null
  const by = segments.length >= 3 ? segments.at(-2)! : null
  return { undid, by: by === playerName ? null : by }
}

function toMove(row: MoveRow, publicOnly: boolean, playerName: string): PlayerMove {
  const kind = MOVE_OF[row.actionType]!
  const base = {
    id: row.id,
    at: row.createdAt.toISOString(),
    kind,
    itemId: row.itemId,
    itemName: row.itemName,
  }
  const penalty = kind === 'penalized' ? penaltyFacts(row.description) : null
  const undone = kind === 'undone' ? undoneOf(row.description, playerName) : null
  // The note typed with the action (a penalty's reason); older penalty rows kept it in the description.
  return {
    ...base,
    note: row.notePrivate ? shownNote(row.note, true, publicOnly) : (row.note ?? (penalty?.note || null)),
    ...privateMark('notePrivate', row.notePrivate, publicOnly),
    until: penalty ? new Date(row.createdAt.getTime() + penalty.days * DAY_MS).toISOString() : null,
    undid: undone?.undid ?? null,
    undidFor: undone?.by ?? null,
    undone: row.undoneAt !== null,
    pass: kind === 'passed' || kind === 'passedAbsent' ? passOf(row, publicOnly) : null,
  }
}

type ItemRow = Awaited<ReturnType<typeof queuedItems>>[number]

/** The attendance share (contract/player-standing.ts), or null when the guild held no event in the window. */
async function attendanceOf(deps: Deps, guildId: string, playerId: string): Promise<PlayerAttendance | null> {
  const now = deps.now()
  const since = new Date(now.getTime() - ATTENDANCE_WINDOW_DAYS * DAY_MS)
  const counts = await attendanceCounts(deps.database.db, guildId, playerId, { since, now })
  if (counts.held === 0) return null
  const counted = counts.attended + counts.missed
  return {
    attended: counts.attended,
    missed: counts.missed,
    bench: counts.bench,
    share: counted === 0 ? null : counts.attended / counted,
    windowDays: ATTENDANCE_WINDOW_DAYS,
  }
}

async function placeIn(
  deps: Deps,
  guildId: string,
  playerId: string,
  item: ItemRow,
  here: HereTonight | null,
  publicOnly: boolean,
): Promise<PlayerQueuePlace> {
  const view = await getQueue(deps, guildId, item.id)
  const at = view.entries.findIndex((e) => e.playerId === playerId)
  const me = view.entries[at]
  const isHere = here ?? (() => true)
  // Who gets the item first: whoever can receive now (interested, no live penalty, not below the minimum
  // rank, here tonight during a night) and comes before this player in next-in-line order: a pending player
  // ahead in the queue; with "rank first", also anyone of a higher rank, pending or not, wherever they stand
  // (nextInLine takes the highest rank first, its received players too: an outside tester read "no pending
  // player ahead" on a card while a ranked player who had received was next).
  const waiting = (e: (typeof view.entries)[number], index: number) => {
    if (me === undefined || e.attendanceStatus === 'not_interested' || e.isPenalized || e.belowMinimumRank)
      return false
    if (!isHere(e.playerId)) return false
    const theirs = rankKey(e, view.rankFirst)
    const mine = rankKey(me, view.rankFirst)
    if (theirs !== mine) return theirs < mine
    // Within a rank, next-in-line order: pending players first, in queue order, then the others. With "rank
    // first" the card counts who receives first, a player of the same rank who had a turn and stands ahead
    // included (an outside tester read "no pending player ahead" on an officer's card while the officer
    // ahead of her, who had received, was next); without it, pending players ahead ("pendentes à frente").
    const pendingAhead = e.attendanceStatus === 'pending' && index < at
    if (!view.rankFirst || me.attendanceStatus === 'pending') return pendingAhead
    return e.attendanceStatus === 'pending' || index < at
  }
  const next = nextInLine(view.entries, (e) => !e.isPenalized && isHere(e.playerId), view.rankFirst)
  // The tag the public queue shows ("#3 tonight", or away), by the same rule over the same entries; none for a
  // player here but below the item's minimum rank (their card says that instead).
  const tonight =
    here && me ? tonightPlaces(view.entries, (e) => here(e.playerId), view.rankFirst).get(me) : undefined
  const penaltyUntil = item.penaltyUntil?.toISOString() ?? null
  return {
    itemId: item.id,
    itemName: item.name,
    rarity: item.rarity as Rarity | null,
    itemType: item.itemType,
    isPublicVisible: item.isPublicVisible,
    position: at < 0 ? null : at + 1,
    queueLength: view.entries.length,
    pendingAhead: at < 0 ? 0 : view.entries.filter(waiting).length,
    isNext: at >= 0 && next?.playerId === playerId,
    tonight: tonight === undefined ? null : { place: tonight },
    belowMinimumRank: me?.belowMinimumRank ?? false,
    minRankName: item.minRankName,
    rankFirst: view.rankFirst,
    attendanceStatus: item.attendanceStatus as AttendanceStatus,
    isPenalized: item.penaltyUntil !== null && item.penaltyUntil > deps.now(),
    penaltyUntil,
    penaltyNote: shownNote(item.penaltyNote, item.penaltyNotePrivate, publicOnly),
    ...privateMark('penaltyNotePrivate', item.penaltyNotePrivate, publicOnly),
    timesReceived: item.timesReceived,
    timesAbsent: item.timesAbsent,
  }
}

/**
 * The player's page, or null when there is none to show: no such player in this guild, or (public page)
 * a player who is not active. `publicOnly` leaves out every item that is not public.
 */
export async function playerStanding(
  deps: Deps,
  guildId: string,
  playerId: string,
  options: {
    publicOnly: boolean
    /**
     * Who is here during the night running, and until when; read with hereNow when not given. The public
     * page gives the public view's own (public-reads.ts), so it says what the public queues say.
     */
    night?: NightNow
  },
): Promise<PlayerStanding | null> {
  const { db } = deps.database
  const player = await findPlayer(db, guildId, playerId)
  if (!player || (options.publicOnly && !player.isActive)) return null
  const queued = sortByName(
    await queuedItems(db, guildId, playerId, options.publicOnly),
    (item) => item.name,
    (item) => item.id,
  )
  const queues: PlayerQueuePlace[] = []
  // One after the other: on PGlite (one connection) parallel reads would only queue up.
  const { here, checkAgainAt } = options.night ?? (await hereNow(deps, guildId))
  for (const item of queued)
    queues.push(await placeIn(deps, guildId, playerId, item, here, options.publicOnly))
  const received = await receipts(db, guildId, playerId, options.publicOnly, STANDING_RECEIPTS_LISTED)
  const moved = await moves(db, guildId, playerId, options.publicOnly, STANDING_MOVES_LISTED)
  return {
    player: { id: player.id, name: player.name, playerStatus: player.playerStatus as PlayerStatus },
    queues,
    received: received.rows.map((r) => ({
      id: r.id,
      itemId: r.itemId,
      itemName: r.itemName,
      itemRarity: r.itemRarity as Rarity | null,
      distributedAt: r.distributedAt.toISOString(),
      previousQueuePosition: r.previousQueuePosition,
      notes: shownNote(r.notes, r.notesPrivate, options.publicOnly),
      ...privateMark('notesPrivate', r.notesPrivate, options.publicOnly),
    })),
    receivedTotal: received.total,
    moves: moved.map((row) => toMove(row, options.publicOnly, player.name)),
    attendance: await attendanceOf(deps, guildId, playerId),
    timeZone: (await guildNightSettings(db, guildId)).timeZone,
    checkAgainAt,
  }
}
