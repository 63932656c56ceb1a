import { describe, expect, it } from 'vitest'
import { ERROR_STATUS } from '@contract/error-codes'
import { keys, readTexts, namespaceFiles } from './locales.test-support'

describe('translations', () => {
  const namespaces = namespaceFiles('pt')

  it('have the same namespaces in pt and en', () => {
    expect(namespaceFiles('en').sort()).toEqual([...namespaces].sort())
  })

  it.each(namespaces)('%s has the same keys in pt and en, none empty', (ns) => {
    const pt = readTexts('pt', ns)
    const en = readTexts('en', ns)
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
      const errors = readTexts(lang, 'errors.json')
      for (const code of Object.keys(ERROR_STATUS)) expect(errors[code], `${lang}:${code}`).toBeTruthy()
    }
  })
})
