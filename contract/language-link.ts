import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './enums'

// A link into the app says the language its page opens in by its query, `?lang=en`: an English e-mail's
// links (server/platform/mail, server/auth/auth.ts, the invitations) open its pages in English in any browser,
// as an /en address does for the public site's pages (web/lib/site-language.ts), whose other pages (sign-in,
// the dashboard) have one address (docs/decisions/014-server-rendering.md, "Languages have addresses"). The
// default language's links carry nothing, as its site addresses carry no prefix. Read by the server for the
// page shell it answers (server/web-app.ts) and by the browser as it starts (web/main.tsx), which keeps it as
// the visitor's choice, as it keeps an /en page's.

export const LANGUAGE_PARAM = 'lang'

/** `url` (absolute, or a path with its query) opening its page in `language`. */
export function linkInLanguage(url: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return url
  const hashAt = url.indexOf('#')
  const base = hashAt < 0 ? url : url.slice(0, hashAt)
  const hash = hashAt < 0 ? '' : url.slice(hashAt)
  return `${base}${base.includes('?') ? '&' : '?'}${LANGUAGE_PARAM}=${language}${hash}`
}

/** The language a link's query ("?mode=reset&lang=en") asks for; null when it names none of ours. */
export function linkLanguageOf(search: string): Language | null {
  const asked = new URLSearchParams(search).get(LANGUAGE_PARAM)
  return (LANGUAGES as readonly (string | null)[]).includes(asked) ? (asked as Language) : null
}
