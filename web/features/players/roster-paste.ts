import { nameKey, repeatedNames } from '@contract/names'
import { PLAYER_NAME_MAX, PLAYERS_BATCH_MAX } from '@contract/players'

/** The names of a pasted roster: one per line, trimmed, blank lines skipped. */
export const namesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)

/** A paste of several names (two lines or more with text): the name field offers to add them all. */
export const isRoster = (text: string) => namesOf(text).length > 1

/**
 * What the server would refuse, before asking it (it checks again: a name taken meanwhile): the list itself,
 * and names the guild's players already have (`guildNames`, the roster on screen). Repeated and taken names
 * are said together, so the officer fixes the list in one go (an outside test: only the repeats were said,
 * then, once fixed, the taken name).
 */
export type RosterProblem =
  | { kind: 'none' }
  | { kind: 'tooMany'; max: number }
  | { kind: 'tooLong'; names: string; max: number }
  | { kind: 'names'; repeated: string | null; taken: string | null }

export function rosterProblem(
  names: readonly string[],
  guildNames: readonly string[] = [],
): RosterProblem | null {
  if (names.length === 0) return { kind: 'none' }
  if (names.length > PLAYERS_BATCH_MAX) return { kind: 'tooMany', max: PLAYERS_BATCH_MAX }
  const tooLong = names.filter((name) => name.length > PLAYER_NAME_MAX)
  if (tooLong.length > 0) return { kind: 'tooLong', names: tooLong.join(', '), max: PLAYER_NAME_MAX }
  const taken = new Set(guildNames.map(nameKey))
  const takenNames = names.filter((name) => taken.has(nameKey(name)))
  const repeated = repeatedNames(names.filter((name) => !taken.has(nameKey(name))))
  if (repeated.length === 0 && takenNames.length === 0) return null
  const list = (found: string[]) => (found.length > 0 ? [...new Set(found)].join(', ') : null)
  return { kind: 'names', repeated: list(repeated), taken: list(takenNames) }
}
