import { useSyncExternalStore } from 'react'
import { DEFAULT_LANGUAGE, type Language } from '@contract/enums'
import { fetchTexts } from '@web/lib/fetch-texts'
import { applyLanguage, LOCALE_OF, savedLanguage } from '@web/lib/language'

// The public page's translations without i18next (docs/decisions/013-public-page-entry.md): the same locale
// files and keys, looked up the way the app's i18next setup does (`ns:key`, nested keys, {{value}}
// interpolation without escaping, `_zero`/`_one`/`_other` plurals by `count`). The public entry's build puts
// this module in place of web/lib/i18n.ts and of react-i18next, so every component keeps its one
// implementation. public-entry/texts.test.ts checks it answers as i18next does for every key it serves.

export { isLanguage, LANGUAGE_STORAGE_KEY, LOCALE_OF } from '@web/lib/language'

/** The namespaces the public pages show: the first three before the first render, `standing` with a player. */
export const PUBLIC_NAMESPACES = ['common', 'errors', 'public', 'standing'] as const
const FIRST_NAMESPACES = PUBLIC_NAMESPACES.slice(0, 3)

// Only these files, and as JSON data fetched when needed (no script to parse): the app's glob would list its
// forty locale files in this entry, each a JavaScript module.
const urls = import.meta.glob<string>('../locales/*/{common,errors,public,standing}.json', {
  query: '?url',
  import: 'default',
  eager: true,
})

type Texts = Record<string, unknown>
type Options = { count?: number; ns?: string; [value: string]: unknown }

let language: Language = DEFAULT_LANGUAGE
const store: Record<string, Texts> = {}
const loading = new Map<string, Promise<void>>()
const listeners = new Set<() => void>()
let version = 0

/** Loads one namespace of one language, once; a load that failed every try is tried again when asked. */
function loadOne(lang: Language, ns: string): Promise<void> {
  const id = `${lang}/${ns}`
  let done = loading.get(id)
  if (!done) {
    const url = urls[`../locales/${id}.json`]
    done = (url ? fetchTexts(url) : Promise.resolve({})).then(
      (texts) => {
        store[id] = texts
      },
      (error: unknown) => {
        loading.delete(id)
        throw error
      },
    )
    loading.set(id, done)
  }
  return done
}

const load = (lang: Language, namespaces: readonly string[]) =>
  Promise.all(namespaces.map((ns) => loadOne(lang, ns)))

function lookup(lang: Language, ns: string, key: string): string | undefined {
  let node: unknown = store[`${lang}/${ns}`]
  for (const part of key.split('.')) node = (node as Texts | undefined)?.[part]
  return typeof node === 'string' ? node : undefined
}

function resolve(lang: Language, ns: string, key: string, count: number | undefined) {
  if (count !== undefined) {
    const zero = count === 0 ? lookup(lang, ns, `${key}_zero`) : undefined
    const form = new Intl.PluralRules(LOCALE_OF[lang]).select(count)
    const plural = zero ?? lookup(lang, ns, `${key}_${form}`)
    if (plural !== undefined) return plural
  }
  return lookup(lang, ns, key)
}

/** i18next's `t`: `ns:key` or `key` in `defaultNs`, the default language when a text is missing, else the key. */
export function translate(defaultNs: string, key: string, options: Options = {}): string {
  const split = key.indexOf(':')
  const ns = split > 0 ? key.slice(0, split) : (options.ns ?? defaultNs)
  const path = split > 0 ? key.slice(split + 1) : key
  const text =
    resolve(language, ns, path, options.count) ?? resolve(DEFAULT_LANGUAGE, ns, path, options.count)
  if (text === undefined) return path
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) =>
    name in options ? String(options[name]) : whole,
  )
}

/** The part of i18next's instance the shared code reads (web/lib/error-handler.ts, the language toggle). */
export const i18n = {
  get language() {
    return language
  },
  getFixedT: (_lng: null, ns: string) => (key: string, options?: Options) => translate(ns, key, options),
  exists: (key: string, options: { ns: string }) =>
    resolve(language, options.ns, key, undefined) !== undefined,
  loadNamespaces: (namespaces: readonly string[]) => load(language, namespaces),
}

export function currentLanguage(): Language {
  return language
}

/** Loads the texts of `next` first, so the switch never shows keys. */
export async function setLanguage(next: Language) {
  await load(next, namespacesOf(language))
  applyLanguage(next, true)
  language = next
  version++
  for (const listener of listeners) listener()
}

/** The current language's first texts (en is as complete as pt: web/lib/locales.test.ts). */
export async function initI18n(initial: Language = savedLanguage()) {
  applyLanguage(initial, false)
  language = initial
  await load(initial, FIRST_NAMESPACES)
}

/** Every namespace loaded for `lang` so far (a language switch loads the same ones). */
function namespacesOf(lang: Language): string[] {
  return PUBLIC_NAMESPACES.filter((ns) => `${lang}/${ns}` in store)
}

/** Like react-i18next: a component whose namespace is not loaded yet suspends until it is. */
function ensureLoaded(namespaces: readonly string[]) {
  const missing = namespaces.filter((ns) => !(`${language}/${ns}` in store))
  if (missing.length > 0) throw load(language, missing)
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** react-i18next's hook: `t` of the first namespace named, redrawn when the language changes. */
export function useTranslation(ns: string | readonly string[] = 'common') {
  useSyncExternalStore(subscribe, () => version)
  const namespaces = typeof ns === 'string' ? [ns] : ns
  ensureLoaded(namespaces)
  const defaultNs = namespaces[0] ?? 'common'
  return { t: (key: string, options?: Options) => translate(defaultNs, key, options), i18n }
}
