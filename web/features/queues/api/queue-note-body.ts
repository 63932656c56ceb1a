/**
 * A note typed for a queue action, and whether it is for officers only (docs/decisions/019-public-visibility.md:
 * kept on the dashboard, never sent outside it).
 */
export type TypedNote = { note: string; notePrivate: boolean }

/** The optional body of a queue action: its note, when there is one (no body otherwise), and its flag when set. */
export const noteBody = (typed?: TypedNote | null) =>
  typed ? (typed.notePrivate ? { note: typed.note, notePrivate: true } : { note: typed.note }) : undefined
