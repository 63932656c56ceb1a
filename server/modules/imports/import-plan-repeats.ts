import type { PlayerRecord, QueueRecord, RawWarning, Ref } from './import-records'
import { fold } from './import-values'

// A player named more than once in an import (case and accents aside, in one file or across files;
// docs/decisions/012-imports-and-player-page.md). A later record that says what the first one says in every
// field the import reads (the name as written, notes, status, rank and its queue places) changes nothing: it
// is imported once, and the preview warns of it (`repeatedPlayer`, naming every row). A record that says
// anything else is a problem (`duplicatePlayer`, import-plan-names.ts): the import cannot choose between them.

export type RepeatedPlayers = {
  /** Later records identical to the first of their name: not imported again. */
  repeats: Set<PlayerRecord>
  /** The queue entries of those records (the same places as the first's): not planned again. */
  repeatedEntries: Set<QueueRecord>
  warnings: RawWarning[]
}

/** The player record a queue entry belongs to: its CSV row, or the player's id in its JSON file. */
const ownerOfEntry = (entry: QueueRecord) =>
  'key' in entry.player
    ? `${entry.where.file}|key|${entry.player.key}`
    : `${entry.where.file}|line|${entry.where.line}`
const ownerOfPlayer = (player: PlayerRecord) =>
  player.key !== null
    ? `${player.where.file}|key|${player.key}`
    : `${player.where.file}|line|${player.where.line}`

/** A record pointing inside a JSON file is the same only in the same file; a name anywhere. */
const refWords = (file: string, ref: Ref | { key: string } | { name: string }) =>
  'key' in ref ? `${file}|${ref.key}` : fold(ref.name)

/** Everything the import reads of a player and its queue entries, in one comparable text. */
function contentOf(player: PlayerRecord, entries: QueueRecord[]): string {
  const { file } = player.where
  const places = entries
    .map((e) =>
      JSON.stringify([
        refWords(e.where.file, e.item),
        e.position,
        e.attendanceStatus,
        e.timesReceived,
        e.timesAbsent,
        e.penaltyUntil?.toISOString() ?? null,
        e.penaltyNote,
        e.penaltyNotePrivate,
      ]),
    )
    .toSorted()
  const rank = player.rank ? refWords(file, player.rank) : null
  return JSON.stringify([player.name, player.notes, player.playerStatus, rank, places])
}

function groupInto<T>(groups: Map<string, T[]>, key: string, value: T) {
  const group = groups.get(key)
  if (group) group.push(value)
  else groups.set(key, [value])
}

export function findRepeatedPlayers(players: PlayerRecord[], entries: QueueRecord[]): RepeatedPlayers {
  const result: RepeatedPlayers = { repeats: new Set(), repeatedEntries: new Set(), warnings: [] }
  const byName = new Map<string, PlayerRecord[]>()
  for (const player of players) groupInto(byName, fold(player.name), player)
  const named = [...byName.values()].filter((records) => records.length > 1)
  if (named.length === 0) return result
  const entriesOf = new Map<string, QueueRecord[]>()
  for (const entry of entries) groupInto(entriesOf, ownerOfEntry(entry), entry)
  const ownEntries = (player: PlayerRecord) => entriesOf.get(ownerOfPlayer(player)) ?? []
  for (const [first, ...later] of named) {
    const firstContent = contentOf(first!, ownEntries(first!))
    const same = later.filter((player) => contentOf(player, ownEntries(player)) === firstContent)
    if (same.length === 0) continue
    for (const player of same) {
      result.repeats.add(player)
      for (const entry of ownEntries(player)) result.repeatedEntries.add(entry)
    }
    result.warnings.push({
      code: 'repeatedPlayer',
      places: [first!, ...same].map((p) => p.where),
      value: first!.name,
    })
  }
  return result
}
