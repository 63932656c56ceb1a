import type { AttendanceStatus } from './enums'

// "Next in line" (docs/product-rules.md, "Queue ordering"): the first entry, in the rule's order, that can
// receive now. The rotation never runs dry: once everyone has received or been marked absent, the first of
// them is next again, as on every Suicide Kings list; pending entries (who have not had their turn since
// they joined) come first. The dashboard, the public page and a player's page call this on the entries they
// show; the overview's query (server/modules/overview/overview.queries.ts) says the same in SQL.

type Entry = { attendanceStatus: AttendanceStatus }

/**
 * The next in line among `entries`, shown entries in queue order. `mayReceive` says what the caller knows
 * beyond the status: no live penalty, and during a raid night, here (contract/raid-nights.ts isHereTonight).
 * A pending entry comes before every other one (a lapsed penalty can leave it behind them in storage until
 * the next rule action sorts the queue).
 */
export function nextInLine<E extends Entry>(
  entries: readonly E[],
  mayReceive: (entry: E) => boolean,
): E | undefined {
  let firstOther: E | undefined
  for (const entry of entries) {
    if (entry.attendanceStatus === 'not_interested' || !mayReceive(entry)) continue
    if (entry.attendanceStatus === 'pending') return entry
    firstOther ??= entry
  }
  return firstOther
}
