import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@contract/enums'
import { fetchTexts } from './fetch-texts'
import { LANGUAGE_COOKIE } from '@contract/cookies'
import { LANGUAGE_PARAM, linkLanguageOf } from '@contract/language-link'

// What the browser's translating needs besides i18next (web/lib/i18n.ts): the locale files, the saved choice, and
// where a choice is applied besides the texts.

// Each namespace is its own JSON file, fetched on demand (and tried again when the network fails,
// ./fetch-texts.ts), so a page only downloads the texts it shows.
const urls = import.meta.glob<string>('../locales/*/*.json', {
  query: '?url',
  import: 'default',
  eager: true,
})

/** One namespace's texts in one language ({} when there is no such file). */
export async function loadNamespace(language: string, namespace: string): Promise<Record<string, unknown>> {
  const url = urls[`../locales/${language}/${namespace}.json`]
  return url ? fetchTexts(url) : {}
}

export const LANGUAGE_STORAGE_KEY = 'language'
export const LOCALE_OF: Record<Language, string> = { pt: 'pt-BR', en: 'en-US' }

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/** The visitor's own choice, kept in this browser; null when they never made one. */
export function storedLanguage(): Language | null {
  try {
    const saved = localStorage.getItem(LANGUAGE_STORAGE_KEY)
    return isLanguage(saved) ? saved : null
  } catch {
    return null
  }
}

export function savedLanguage(): Language {
  return storedLanguage() ?? DEFAULT_LANGUAGE
}

/**
 * The language the server answered the page in (its `<html lang>`): its reading of the visitor's cookie and
 * of the languages their browser asks for (server/lib/i18n.ts, requestLanguage). A page the browser draws
 * alone starts in it when the visitor never chose one here, so its texts say what its `lang` says. Null
 * when it names none of ours.
 */
export function documentLanguage(): Language | null {
  const tag = document.documentElement.lang
  return (Object.keys(LOCALE_OF) as Language[]).find((language) => LOCALE_OF[language] === tag) ?? null
}

/**
 * The language the page's address asks for (`?lang=en`: an e-mail's link, @contract/language-link), taken out of
 * the address as the page starts: once applied it is the visitor's choice (web/main.tsx), which a reload or the
 * language menu then follow, not the link's. Null when the address names none.
 */
export function takeLinkLanguage(): Language | null {
  const address = new URL(window.location.href)
  if (!address.searchParams.has(LANGUAGE_PARAM)) return null
  const language = linkLanguageOf(address.search)
  address.searchParams.delete(LANGUAGE_PARAM)
  window.history.replaceState(window.history.state, '', address)
  return language
}

/**
 * <html lang>; `remember` (a language the visitor chose) also keeps it in localStorage and in the cookie the
 * server reads. A language the visitor did not choose (a page's address, the browser's own) is never kept:
 * kept, it would pass for a choice, and outweigh the browser's languages on every later page
 * (docs/decisions/014-server-rendering.md, "Languages have addresses").
 */
export function applyLanguage(language: Language, remember: boolean) {
  if (remember) {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
    } catch {}
    document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`
  }
  document.documentElement.lang = LOCALE_OF[language]
}
