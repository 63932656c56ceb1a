import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ERROR_STATUS } from '@contract/error-codes'

const root = join(__dirname, '..', 'locales')
const load = (lang: string, ns: string) => JSON.parse(readFileSync(join(root, lang, ns), 'utf8'))
const keys = (obj: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? keys(v as Record<string, unknown>, `${prefix}${k}.`)
      : [`${prefix}${k}`],
  )

describe('translations', () => {
  const namespaces = readdirSync(join(root, 'pt'))

  it('have the same namespaces in pt and en', () => {
    expect(readdirSync(join(root, 'en')).sort()).toEqual([...namespaces].sort())
  })

  it.each(namespaces)('%s has the same keys in pt and en, none empty', (ns) => {
    const pt = load('pt', ns)
    const en = load('en', ns)
    expect(keys(en).sort()).toEqual(keys(pt).sort())
    for (const lang of [pt, en]) {
      for (const key of keys(lang)) {
        const value = key.split('.').reduce<any>((o, k) => o[k], lang)
        expect(typeof value === 'string' ? value.trim().length : 1, `${ns}:${key}`).toBeGreaterThan(0)
      }
    }
  })

  it('translate every API error code', () => {
    for (const lang of ['pt', 'en']) {
      const errors = load(lang, 'errors.json')
      for (const code of Object.keys(ERROR_STATUS)) expect(errors[code], `${lang}:${code}`).toBeTruthy()
    }
  })
})
