import { type AnyColumn, sql } from 'drizzle-orm'

/**
 * A note typed with a queue action as it may leave the dashboard: null when it is for officers only
 * (docs/decisions/019-public-visibility.md, "Officers-only notes"). The reads of the public page, the
 * recaps, the digests and the e-mails select this instead of the note, so such a note's text is never even
 * loaded where it could be sent.
 */
export const sharedNote = (note: AnyColumn, isPrivate: AnyColumn) =>
  sql<string | null>`case when ${isPrivate} then null else ${note} end`
