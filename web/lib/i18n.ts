import i18n, { type BackendModule } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@contract/enums'
import { applyLanguage, isLanguage, loadNamespace, savedLanguage } from './language'

export { isLanguage, LANGUAGE_STORAGE_KEY, LOCALE_OF } from './language'

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    loadNamespace(language, namespace).then(
      (texts) => callback(null, texts),
      (error: Error) => callback(error, null),
    )
  },
}

/** Applies a language everywhere: i18next, <html lang>, localStorage, and the cookie the server reads. */
export async function setLanguage(language: Language) {
  applyLanguage(language, true)
  await i18n.changeLanguage(language)
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE
}

/**
 * The language the texts are in, or are being changed to: i18next sets `language` only once the new texts
 * are loaded, so a change asked for meanwhile (back to the other language's address) must compare with this.
 */
export function wantedLanguage(): Language {
  const changingTo = (i18n as { isLanguageChangingTo?: string }).isLanguageChangingTo
  return isLanguage(changingTo) ? changingTo : currentLanguage()
}

/**
 * Starts i18next in the browser, texts fetched per namespace as needed. `remember`: the language came from
 * the address (a page of the public site, web/lib/site-language.ts) and is kept as the visitor's choice.
 */
export function initI18n(language: Language = savedLanguage(), options: { remember?: boolean } = {}) {
  applyLanguage(language, options.remember ?? false)
  return i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      // No fallback language: both have every key (web/lib/locales.test.ts), and i18next loads each
      // namespace in the fallback too, so an English page would fetch every text file twice.
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      ns: ['common', 'errors'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    })
}

/**
 * Starts i18next on the server (web/entry-server.tsx) with every text given: changing the language is then
 * synchronous, so each render sets its own right before rendering, with no wait another render could use.
 */
export function initServerI18n(resources: Record<Language, Record<string, Record<string, unknown>>>) {
  return i18n.use(initReactI18next).init({
    resources,
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  })
}

export { i18n }
