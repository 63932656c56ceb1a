/**
 * A note typed for a queue action, and whether it is for officers only (docs/decisions/019-public-visibility.md:
 * kept on the dashboard, never sent outside it).
 */
export type TypedNote = { note: string; notePrivate: boolean }

/** The optional body of a queue action: its note, when there is one (no body otherwise), and its flag when set. */
export const noteBody = (typed?: TypedNote | null) =>
  typed ? (typed.notePrivate ? { note: typed.note, notePrivate: true } : { note: typed.note }) : undefined

/**
 * What an action on one entry sends besides its path: the typed note, and the version of the queue on screen
 * (the server refuses the action with QUEUE_CHANGED when the queue has changed since: another officer acted
 * first, and the same drop must not be handed out twice).
 */
export type EntryActionRequest = { note?: TypedNote | null; queueVersion?: number }

/** The body of an entry action: its note's fields and the queue's version, when there are any. */
export function entryActionBody({ note, queueVersion }: EntryActionRequest) {
  const body = { ...noteBody(note), ...(queueVersion === undefined ? {} : { queueVersion }) }
  return Object.keys(body).length > 0 ? body : undefined
}
