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

// Every `t` a component gets (react-i18next's useTranslation) is i18next's getFixedT. i18next 26's copies its
// whole options object into a new one on each call, for key selectors (functions as keys) the app never uses:
// 12–15 µs a call against 4 µs for i18n.t with the same language and namespace (Node, warmed), and a public
// queue's rows make a few hundred calls while the page hydrates on a phone (docs/decisions/014-server-rendering.md,
// "Texts"). This one answers a text key as i18next's would, by i18n.t with the fixed language and namespace
// (i18n-fixed-t.test.ts compares the two over every text of both languages); a key prefix or a selector goes to
// i18next's own.
type LooseFixedT = ((key: unknown, opts?: unknown, ...rest: unknown[]) => unknown) & {
  lng?: unknown
  lngs?: unknown
  ns?: unknown
  keyPrefix?: unknown
}
const librarysFixedT = i18n.getFixedT.bind(i18n) as unknown as (...args: unknown[]) => LooseFixedT
i18n.getFixedT = ((lng: unknown, ns: unknown, keyPrefix: unknown, fixedOpts: unknown) => {
  if (keyPrefix) return librarysFixedT(lng, ns, keyPrefix, fixedOpts)
  const fixedT: LooseFixedT = (key, opts, ...rest) => {
    if (
      typeof key === 'function' ||
      (typeof opts === 'object' && (opts as { keyPrefix?: unknown })?.keyPrefix)
    ) {
      return librarysFixedT(lng, ns, keyPrefix, fixedOpts)(key, opts, ...rest)
    }
    const o: Record<string, unknown> =
      typeof opts === 'object'
        ? { ...opts }
        : i18n.options.overloadTranslationOptionHandler!([key, opts, ...rest] as never)
    o.lng = o.lng || fixedT.lng
    o.lngs = o.lngs || fixedT.lngs
    o.ns = o.ns || fixedT.ns
    return i18n.t(key as string, o as never)
  }
  if (typeof lng === 'string') fixedT.lng = lng
  else fixedT.lngs = lng
  fixedT.ns = ns
  fixedT.keyPrefix = keyPrefix
  return fixedT
}) as unknown as typeof i18n.getFixedT

/**
 * The visitor's choice (the language menu, the settings, their profile's), applied everywhere: i18next,
 * <html lang>, localStorage, and the cookie the server reads.
 */
export async function setLanguage(language: Language) {
  applyLanguage(language, true)
  await i18n.changeLanguage(language)
}

/** A language the page is shown in without the visitor choosing it (a page's address): nothing is kept. */
export async function showLanguage(language: Language) {
  applyLanguage(language, false)
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
 * i18next's own separators, said out loud: said, they tell it that keys are paths (`queue.counts`,
 * `errors:CODE`), and it skips testing each key for natural language on every call.
 */
const TEXT_KEYS = { keySeparator: '.', nsSeparator: ':' } as const

/**
 * Starts i18next in the browser, texts fetched per namespace as needed. `remember`: the language is the
 * visitor's choice (an e-mail's link names the language of their account: web/main.tsx) and is kept.
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
      ...TEXT_KEYS,
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
    ...TEXT_KEYS,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  })
}

export { i18n }
