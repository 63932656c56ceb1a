// The queues' numbers apart from their schemas (./queues.ts): a screen that only needs a limit reads it
// without loading zod (issue 45: a screen's first load carries only what it shows).

/** An entry action can be undone this long after it. */
export const UNDO_WINDOW_MINUTES = 10
export const DEFAULT_PENALTY_DAYS = 7
/** A dragged order is written after this long without another drag. */
export const REORDER_DEBOUNCE_MS = 500
/** Why, typed with a queue action: optional, up to 500 characters. */
export const QUEUE_NOTE_MAX = 500
/** The guild's public rules text. */
export const PUBLIC_RULES_MAX = 5000
