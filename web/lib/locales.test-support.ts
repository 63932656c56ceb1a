import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

// Shared by the tests that read the texts as files: web/locales/<language>/<namespace>.json.

const root = join(import.meta.dirname, '..', 'locales')

/** A language's namespace files ('items.json', …). */
export const namespaceFiles = (lang: string) => readdirSync(join(root, lang))

/** One namespace's texts in `lang`, by its file name ('items.json'). */
export const readTexts = (lang: string, file: string) =>
  JSON.parse(readFileSync(join(root, lang, file), 'utf8'))

/** Every key of nested texts, dotted ('toast.saved'); an array is one key. */
export const keys = (obj: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? keys(v as Record<string, unknown>, `${prefix}${k}.`)
      : [`${prefix}${k}`],
  )
