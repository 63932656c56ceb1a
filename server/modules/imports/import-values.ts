import { PLAYER_STATUSES, type PlayerStatus, RARITIES, type Rarity } from '../../../contract/enums'
import enHistory from '../../../web/locales/en/history.json'
import enPlayers from '../../../web/locales/en/players.json'
import ptHistory from '../../../web/locales/pt/history.json'
import ptPlayers from '../../../web/locales/pt/players.json'
import { nameKey } from '../../../contract/names'
import { wallClock } from '../../../contract/wall-clock'

// Cell values as people and our own exports write them: codes, or their words in Portuguese or English
// (the words come from the web's locale files, the ones the exports and screens use).

// Names repeat on every row of a history (a few items, a few hundred players): each is folded once.
const folded = new Map<string, string>()

/** Lower case, no accents, trimmed: "Épico " and "epico" are the same word. */
export function fold(value: string): string {
  let result = folded.get(value)
  if (result === undefined) {
    result = nameKey(value)
    if (folded.size >= 50_000) folded.clear()
    folded.set(value, result)
  }
  return result
}

function lookup<T extends string>(codes: readonly T[], words: Record<string, string>[]): Map<string, T> {
  const map = new Map<string, T>()
  for (const code of codes) map.set(fold(code), code)
  for (const table of words) for (const code of codes) if (table[code]) map.set(fold(table[code]!), code)
  return map
}

const RARITY_WORDS = lookup(RARITIES, [ptHistory.rarity, enHistory.rarity])
const NO_RARITY = new Set(['', 'none', '-', '—', fold(ptHistory.rarity.none), fold(enHistory.rarity.none)])

/** A rarity, null for none or empty, undefined when the word is unknown. */
export function parseRarity(value: string): Rarity | null | undefined {
  const key = fold(value)
  if (NO_RARITY.has(key)) return null
  return RARITY_WORDS.get(key)
}

const STATUS_WORDS = lookup(PLAYER_STATUSES, [ptPlayers.status, enPlayers.status])

/** A player status ('active' when empty), undefined when unknown. */
export function parsePlayerStatus(value: string): PlayerStatus | undefined {
  const key = fold(value)
  if (key === '') return 'active'
  return STATUS_WORDS.get(key)
}

const YES = new Set(['sim', 's', 'yes', 'y', 'true', '1', 'x', 'publico', 'public', 'visivel', 'visible'])
const NO = new Set(['nao', 'n', 'no', 'false', '0', 'oculto', 'hidden', 'privado', 'private'])

/** The item's public visibility (visible when empty, as a new item is), undefined when unreadable. */
export function parseVisibility(value: string): boolean | undefined {
  const key = fold(value)
  if (key === '' || YES.has(key)) return true
  if (NO.has(key)) return false
  return undefined
}

/**
 * A note's "officers only" cell (docs/decisions/019-public-visibility.md): empty or no is false, yes is
 * true, undefined when unreadable.
 */
export function parseOfficersOnly(value: string): boolean | undefined {
  const key = fold(value)
  if (key === '' || NO.has(key)) return false
  if (YES.has(key)) return true
  return undefined
}

/** A queue position: a whole number from 1. */
export function parsePosition(value: string): number | undefined {
  const trimmed = value.trim()
  if (!/^\d{1,6}$/.test(trimmed)) return undefined
  const n = Number(trimmed)
  return n >= 1 ? n : undefined
}

const MIN_INSTANT = Date.UTC(2000, 0, 1)
const MAX_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999)

/** Offsets of recent quarter hours: time zones change offset on a quarter hour at the finest. */
const offsets = new Map<string, number>()
const QUARTER_HOUR = 15 * 60_000

/** Milliseconds between UTC and `timeZone`'s wall clock at the instant `ms`. */
function zoneOffsetMs(ms: number, timeZone: string): number {
  if (timeZone === 'UTC') return 0
  const key = `${timeZone}|${Math.floor(ms / QUARTER_HOUR)}`
  const known = offsets.get(key)
  if (known !== undefined) return known
  const parts = wallClock(timeZone).formatToParts(new Date(ms))
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'))
  const offset = wall - Math.floor(ms / 1000) * 1000
  if (offsets.size > 100_000) offsets.clear()
  offsets.set(key, offset)
  return offset
}

/** The instant a wall-clock time in `timeZone` names (the later one in a repeated hour). */
function fromWallClock(wall: number, timeZone: string): number {
  const first = wall - zoneOffsetMs(wall, timeZone)
  return wall - zoneOffsetMs(first, timeZone)
}

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i
const SLASHED = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ ,]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/

/**
 * A date (and maybe a time) as our exports write it ("2024-05-01 21:30:00" on the reader's clock), as ISO
 * 8601 with or without an offset, or as a spreadsheet writes it: day first in Portuguese files ("01/05/2024
 * 21:30"), month first in English ones. Without an offset the time is read in `timeZone`. Undefined when
 * unreadable or outside 2000–9999 (the range the API accepts everywhere).
 */
export function parseDate(value: string, options: { dayFirst: boolean; timeZone: string }): Date | undefined {
  const text = value.trim()
  let fields: number[]
  let offset: string | undefined
  const iso = ISO.exec(text)
  const slashed = iso ? null : SLASHED.exec(text)
  if (iso) {
    fields = [1, 2, 3, 4, 5, 6].map((i) => Number(iso[i] ?? 0))
    fields.push(Number((iso[7] ?? '0').padEnd(3, '0')))
    offset = iso[8]
  } else if (slashed) {
    const [a, b] = [Number(slashed[1]), Number(slashed[2])]
    const [day, month] = options.dayFirst ? [a, b] : [b, a]
    fields = [Number(slashed[3]), month, day, ...[4, 5, 6].map((i) => Number(slashed[i] ?? 0)), 0]
  } else return undefined
  const [year, month, day, hour, minute, second, ms] = fields as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, ms)
  // Date.UTC rolls 31 February over into March: such a day does not exist.
  if (new Date(wall).getUTCDate() !== day) return undefined
  let instant: number
  if (offset === undefined) instant = fromWallClock(wall, options.timeZone)
  else if (/^z$/i.test(offset)) instant = wall
  else {
    const sign = offset.startsWith('-') ? -1 : 1
    const digits = offset.slice(1).replace(':', '')
    instant = wall - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000
  }
  return instant >= MIN_INSTANT && instant <= MAX_INSTANT ? new Date(instant) : undefined
}
