import { NIGHT_ATTENDANCE, type NightAttendance } from '@contract/enums'

/** The options of a row, in order: the five marks, then "not marked". Keys 1–5 and 0 choose them. */
export const MARK_OPTIONS: readonly (NightAttendance | null)[] = [...NIGHT_ATTENDANCE, null]

/** The digit that chooses an option: 1–5 the marks in order, 0 "not marked". */
export const keyOf = (mark: NightAttendance | null) =>
  mark === null ? 0 : NIGHT_ATTENDANCE.indexOf(mark) + 1

/** The option a digit key chooses, or undefined for any other key. */
export function markOfKey(key: string): NightAttendance | null | undefined {
  if (!/^[0-5]$/.test(key)) return undefined
  const digit = Number(key)
  return digit === 0 ? null : NIGHT_ATTENDANCE[digit - 1]
}
