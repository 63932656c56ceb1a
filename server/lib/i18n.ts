import type { Context } from 'hono'
import { cookieValue } from './cookie-value'
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../contract/enums'
import enAnnouncements from '../../web/locales/en/announcements.json'
import enEmail from '../../web/locales/en/email.json'
import enErrors from '../../web/locales/en/errors.json'
import enImports from '../../web/locales/en/imports.json'
import ptAnnouncements from '../../web/locales/pt/announcements.json'
import ptEmail from '../../web/locales/pt/email.json'
import ptErrors from '../../web/locales/pt/errors.json'
import ptImports from '../../web/locales/pt/imports.json'
import { LANGUAGE_COOKIE } from '../../contract/cookies'
import type { ErrorVar } from './app-error'

// The server speaks from the web's translation files, so every visible string has one home.
const catalogs = {
  pt: { errors: ptErrors, email: ptEmail, announcements: ptAnnouncements, imports: ptImports },
  en: { errors: enErrors, email: enEmail, announcements: enAnnouncements, imports: enImports },
} as const
type Namespace = keyof (typeof catalogs)['pt']

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

export function translate(
  language: Language,
  ns: Namespace,
  key: string,
  vars: Record<string, string | number> = {},
): string {
  const template = lookup(catalogs[language][ns], key) ?? lookup(catalogs[DEFAULT_LANGUAGE][ns], key) ?? key
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''))
}

/** The values a message names, each said in `language` (ErrorVar: a date, a time on the guild's clock). */
export function saidIn(
  language: Language,
  vars: Record<string, ErrorVar> = {},
): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(vars).map(([name, value]) => [
      name,
      typeof value === 'function' ? value(language) : value,
    ]),
  )
}

/** `translate` for a counted text: `key_zero` for 0, else the language's plural category (`key_one`, …). */
export function translateCount(
  language: Language,
  ns: Namespace,
  key: string,
  count: number,
  vars: Record<string, string | number> = {},
): string {
  const category = new Intl.PluralRules(language).select(count)
  const chosen =
    count === 0 && lookup(catalogs[language][ns], `${key}_zero`) ? `${key}_zero` : `${key}_${category}`
  return translate(language, ns, chosen, { ...vars, count })
}

/**
 * An error's message: counted when it names a count and its text has a form for one
 * ("RAID_NIGHT_AWARDS_OUTSIDE_one"; `_zero` for 0, which Portuguese counts as one), else its one text. The key
 * without a suffix is every other count's (web/lib/locales.test.ts wants one text per code).
 */
export function translateError(language: Language, code: string, vars: Record<string, string | number>) {
  const { count } = vars
  if (typeof count !== 'number' || !lookup(catalogs[language].errors, `${code}_one`))
    return translate(language, 'errors', code, vars)
  if (count === 0 && lookup(catalogs[language].errors, `${code}_zero`))
    return translate(language, 'errors', `${code}_zero`, vars)
  if (new Intl.PluralRules(language).select(count) === 'one')
    return translate(language, 'errors', `${code}_one`, vars)
  return translate(language, 'errors', code, vars)
}

/**
 * Names in a sentence, in `language`'s way ("A, B and C", "A, B e C"); when `total` is more than the names
 * given, the rest counted ("A, B, C and 2 more", "A, B, C e mais 2": errors.json `names.andMore`).
 */
export function saidNames(language: Language, names: readonly string[], total = names.length): string {
  const rest = total - names.length
  if (rest <= 0) return new Intl.ListFormat(language, { type: 'conjunction' }).format(names)
  return translate(language, 'errors', 'names.andMore', { names: names.join(', '), count: rest })
}

/** A dotted key ('problems.unknownRarity') in a catalog, when it names a text. */
function lookup(catalog: unknown, key: string): string | undefined {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalog)
  return typeof value === 'string' ? value : undefined
}

/** The language of a request: the explicit cookie the web sets, then Accept-Language, then pt. */
export function requestLanguage(c: Context): Language {
  const fromCookie = cookieValue(c.req.header('cookie'), LANGUAGE_COOKIE)
  if (isLanguage(fromCookie)) return fromCookie
  return acceptedLanguage(c.req.header('accept-language')) ?? DEFAULT_LANGUAGE
}

/**
 * The supported language an Accept-Language header weighs highest (RFC 9110 §12.5.4): `en;q=0.1, pt;q=0.9`
 * is pt. Equal weights keep the header's order; q=0 means "not this one"; a tag counts by its primary
 * subtag (pt-BR is pt). Null when the header names none we speak.
 */
export function acceptedLanguage(header: string | undefined): Language | null {
  let best: { language: Language; weight: number } | null = null
  for (const part of (header ?? '').split(',')) {
    const [tag = '', ...params] = part.split(';').map((piece) => piece.trim())
    const language = tag.split('-')[0]?.toLowerCase()
    if (!isLanguage(language)) continue
    const q = params.find((param) => /^q=/i.test(param))
    const weight = q === undefined ? 1 : Number(q.slice(2))
    // A malformed weight counts as absent: the client named the language, so it takes it.
    const counted = Number.isFinite(weight) ? Math.min(weight, 1) : 1
    if (counted > 0 && (best === null || counted > best.weight)) best = { language, weight: counted }
  }
  return best?.language ?? null
}
