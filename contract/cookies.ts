// The cookies the web app writes for the server to read, so the server's rendering of a page matches what the
// browser will show (docs/decisions/014-server-rendering.md).

/** The reader's interface language, written whenever one is chosen or applied (web/lib/language.ts). */
export const LANGUAGE_COOKIE = 'lq_lang'

/**
 * The reader's IANA time zone, written when a page reads it and as a dashboard page is left (web/lib/format.ts),
 * so the server can render a dashboard page on their clock (server/dashboard-page.ts).
 */
export const TIME_ZONE_COOKIE = 'lq_tz'
