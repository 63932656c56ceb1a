import { beforeAll, describe, expect, it } from 'vitest'
import { LANGUAGES } from '@contract/enums'
import { i18n, initServerI18n } from './i18n'
import { keys, namespaceFiles, readTexts } from './locales.test-support'

// web/lib/i18n.ts answers every component's `t` without i18next's per-call copy of its options. The answers
// must be i18next's own: compared here with i18next's getFixedT (the prototype's) for every text of both
// languages, with values for its placeholders and counts for its plurals, and for the other ways of calling.

const namespaces = namespaceFiles('pt').map((file) => file.replace('.json', ''))
const librarysFixedT = Object.getPrototypeOf(i18n).getFixedT as typeof i18n.getFixedT

/** Values for every {{placeholder}} of a text, and a count (plurals pick their form by it). */
function valuesFor(text: unknown, count: number) {
  const names = typeof text === 'string' ? [...text.matchAll(/{{\s*(\w+)/g)].map((m) => m[1]!) : []
  return { ...Object.fromEntries(names.map((name) => [name, `<${name}>`])), count }
}

beforeAll(async () => {
  const resources = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      Object.fromEntries(namespaces.map((ns) => [ns, readTexts(language, `${ns}.json`)])),
    ]),
  ) as Parameters<typeof initServerI18n>[0]
  await initServerI18n(resources)
})

describe.each(LANGUAGES)('t in %s', (language) => {
  it.each(namespaces)('answers every text of %s as i18next does', (ns) => {
    const ours = i18n.getFixedT(language, ns)
    const theirs = librarysFixedT.call(i18n, language, ns)
    const texts = readTexts(language, `${ns}.json`)
    let compared = 0
    for (const key of keys(texts)) {
      const text = key.split('.').reduce<any>((o, k) => o[k], texts)
      // A plural's forms (`_one`, `_other`) are asked for by their base key.
      const asked = key.replace(/_(zero|one|two|few|many|other)$/, '')
      for (const count of [0, 1, 2, 7]) {
        const values = valuesFor(text, count)
        expect(ours(asked, values), `${ns}:${asked} (${count})`).toEqual(theirs(asked, values))
        compared++
      }
      expect(ours(asked)).toEqual(theirs(asked))
    }
    expect(compared).toBeGreaterThan(0)
  })

  it('answers the other ways of calling it as i18next does', () => {
    const ours = i18n.getFixedT(language, 'common')
    const theirs = librarysFixedT.call(i18n, language, 'common')
    const calls: [unknown, unknown?][] = [
      ['no.such.key'],
      ['no.such.key', 'a default'],
      ['no.such.key', { defaultValue: 'a default' }],
      [['no.such.key', 'appName']],
      ['errors:NOT_FOUND'],
      ['appName', { ns: 'errors' }],
      ['language', { lng: language === 'pt' ? 'en' : 'pt' }],
      ['languages', { returnObjects: true }],
    ]
    for (const [key, opts] of calls) {
      expect((ours as any)(key, opts), JSON.stringify([key, opts])).toEqual((theirs as any)(key, opts))
    }
  })
})
