import type { PublicAttendanceStatus } from '@contract/enums'

// The colours of an entry's standing wherever it shows (the public queues, a player's page): tinted outlines
// whose text keeps a 4.5:1 contrast on both themes. One table, as the rarity badge's (rarity-badge.tsx).
export const ATTENDANCE_TONE: Record<PublicAttendanceStatus, string> = {
  pending: 'text-foreground',
  // Received or absent, on a public page whose guild hides counters: neither colour, which would tell.
  had_turn: 'text-muted-foreground',
  received: 'border-emerald-600/40 bg-emerald-500/10 text-emerald-800 dark:text-emerald-300',
  absent: 'border-amber-600/40 bg-amber-500/10 text-amber-800 dark:text-amber-300',
  not_interested: 'border-transparent bg-muted text-muted-foreground',
}

/** A live penalty. */
export const PENALTY_TONE = 'border-red-600/40 bg-red-500/10 text-red-800 dark:text-red-300'

/** A place among the players here during a raid night. */
export const TONIGHT_TONE = 'border-sky-600/40 bg-sky-500/10 text-sky-800 dark:text-sky-300'
