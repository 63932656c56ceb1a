import { describe, expect, it } from 'vitest'
import { keys, readTexts, namespaceFiles } from './locales.test-support'

// Portuguese puts 0 in the singular plural category (CLDR "one" is 0 and 1), so '{{count}} jogador' would
// read '0 jogador'. Every counted text therefore has a _zero form (i18next uses it for a count of 0),
// in both languages so their keys stay the same. Vocabulary: docs/vocabulary.md.

describe('counted texts', () => {
  it('Portuguese counts 0 as singular, so the _zero form is needed', () => {
    expect(new Intl.PluralRules('pt-BR').select(0)).toBe('one')
  })

  it('every plural of every namespace has a _zero form, in pt and en', () => {
    const plurals: string[] = []
    const missing: string[] = []
    for (const ns of namespaceFiles('pt')) {
      for (const lang of ['pt', 'en']) {
        const all = keys(readTexts(lang, ns))
        for (const key of all.filter((k) => k.endsWith('_one')).map((k) => k.slice(0, -'_one'.length))) {
          plurals.push(`${lang}/${ns}: ${key}`)
          if (!all.includes(`${key}_zero`)) missing.push(`${lang}/${ns}: ${key}_zero`)
        }
      }
    }
    expect(plurals.length).toBeGreaterThan(0)
    expect(missing).toEqual([])
  })
})
