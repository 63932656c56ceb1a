import { repeatedNames } from '@contract/names'
import { PLAYER_NAME_MAX, PLAYERS_BATCH_MAX } from '@contract/players'

/** The names of a pasted roster: one per line, trimmed, blank lines skipped. */
export const namesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)

/** A paste of several names (two lines or more with text): the name field offers to add them all. */
export const isRoster = (text: string) => namesOf(text).length > 1

/** What the server would refuse in the list itself, before asking it (it checks again, with the guild's names). */
export type RosterProblem =
  | { kind: 'none' }
  | { kind: 'tooMany'; max: number }
  | { kind: 'tooLong'; names: string; max: number }
  | { kind: 'repeated'; names: string }

export function rosterProblem(names: readonly string[]): RosterProblem | null {
  if (names.length === 0) return { kind: 'none' }
  if (names.length > PLAYERS_BATCH_MAX) return { kind: 'tooMany', max: PLAYERS_BATCH_MAX }
  const tooLong = names.filter((name) => name.length > PLAYER_NAME_MAX)
  if (tooLong.length > 0) return { kind: 'tooLong', names: tooLong.join(', '), max: PLAYER_NAME_MAX }
  const repeated = repeatedNames(names)
  return repeated.length > 0 ? { kind: 'repeated', names: repeated.join(', ') } : null
}
