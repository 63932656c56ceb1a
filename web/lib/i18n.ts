import i18n, { type BackendModule } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@contract/enums'

// Each namespace is its own JSON file, loaded on demand, so a page only downloads the texts it shows.
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json')

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = files[`../locales/${language}/${namespace}.json`]
    if (!load) return callback(null, {})
    load().then(
      (mod) => callback(null, mod.default),
      (error: Error) => callback(error, null),
    )
  },
}

export const LANGUAGE_STORAGE_KEY = 'language'
export const LOCALE_OF: Record<Language, string> = { pt: 'pt-BR', en: 'en-US' }

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

function savedLanguage(): Language {
  try {
    const saved = localStorage.getItem(LANGUAGE_STORAGE_KEY)
    return isLanguage(saved) ? saved : DEFAULT_LANGUAGE
  } catch {
    return DEFAULT_LANGUAGE
  }
}

/** Applies a language everywhere: i18next, <html lang>, localStorage, and the cookie the server reads. */
export async function setLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  } catch {}
  document.cookie = `lq_lang=${language}; path=/; max-age=31536000; samesite=lax`
  document.documentElement.lang = LOCALE_OF[language]
  await i18n.changeLanguage(language)
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE
}

export function initI18n(language: Language = savedLanguage()) {
  document.documentElement.lang = LOCALE_OF[language]
  document.cookie = `lq_lang=${language}; path=/; max-age=31536000; samesite=lax`
  return i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: ['common', 'errors'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    })
}

export { i18n }
