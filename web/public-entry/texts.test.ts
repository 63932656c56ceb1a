import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { LANGUAGES } from '@contract/enums'
import { i18n as app, initI18n as initApp } from '@web/lib/i18n'
import { loadNamespace } from '@web/lib/language'
import { initI18n, i18n as lite, PUBLIC_NAMESPACES, setLanguage, translate } from './texts'

// The public entry's lookup must say what i18next says, for every text the public pages can show: each key of
// their namespaces in both languages, with its values filled in and every plural form (0, 1, many).

/** Every leaf key of a namespace, plural suffixes folded into the base key. */
function keysOf(texts: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`]
      : keysOf(value as Record<string, unknown>, `${prefix}${key}.`),
  )
}

// The entry fetches its texts as files; here they come from the same files on disk.
beforeAll(() => {
  const root = join(import.meta.dirname, '..')
  vi.stubGlobal('fetch', async (url: string) => {
    const file = /\/locales\/(\w+)\/(\w+)\.json/.exec(url)
    if (!file) throw new Error(`unexpected fetch ${url}`)
    return new Response(readFileSync(join(root, 'locales', file[1]!, `${file[2]}.json`)))
  })
  return () => vi.unstubAllGlobals()
})

const VALUES = { name: 'Ana', date: '01/02/2030', item: 'Espada', note: 'n', received: 2, absent: 1 }

describe.each(LANGUAGES)('the public texts (%s)', (language) => {
  it('answer as i18next does for every key, value and plural', async () => {
    await initApp(language)
    await app.changeLanguage(language)
    await app.loadNamespaces([...PUBLIC_NAMESPACES])
    await initI18n(language)
    await setLanguage(language)
    await lite.loadNamespaces(PUBLIC_NAMESPACES)
    let checked = 0
    for (const ns of PUBLIC_NAMESPACES) {
      const keys = [...new Set(keysOf(await loadNamespace(language, ns)))]
      expect(keys.length).toBeGreaterThan(0)
      for (const key of keys)
        for (const count of [undefined, 0, 1, 7]) {
          const options = count === undefined ? VALUES : { ...VALUES, count }
          expect(translate(ns, key, options), `${ns}:${key} ${count}`).toBe(app.t(key, { ns, ...options }))
          checked++
        }
    }
    expect(checked).toBeGreaterThan(100)
    expect(lite.language).toBe(language)
  })

  it('reads `ns:key`, answers the key when it is unknown, and says which codes exist', async () => {
    await initI18n(language)
    await setLanguage(language)
    expect(translate('public', 'common:appName')).toBe('LootQueue')
    expect(translate('public', 'no.such.key')).toBe('no.such.key')
    expect(lite.exists('PUBLIC_WRONG_PASSWORD', { ns: 'errors' })).toBe(true)
    expect(lite.exists('NOT_A_CODE', { ns: 'errors' })).toBe(false)
    expect(lite.getFixedT(null, 'errors')('PUBLIC_WRONG_PASSWORD')).toBe(
      (await loadNamespace(language, 'errors')).PUBLIC_WRONG_PASSWORD,
    )
  })
})
