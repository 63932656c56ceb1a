import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { i18n, initI18n } from './i18n'
import { localeFileResponse } from '../test/locale-files'

// Issue 43, point 4: the dashboard's texts on a flaky connection. A namespace whose file fails is fetched
// again, up to five tries in all (web/lib/fetch-texts.ts), so a network blip does not leave raw keys.

let failures: Record<string, number> = {}
let fetches: Record<string, number> = {}
let fetchedUrls: string[] = []

beforeEach(async () => {
  if (!i18n.isInitialized) await initI18n('pt')
  await i18n.changeLanguage('pt')
  failures = {}
  fetches = {}
  fetchedUrls = []
  vi.stubGlobal('fetch', async (url: string) => {
    fetchedUrls.push(url)
    const ns = /\/(\w+)\.json/.exec(url)?.[1] ?? ''
    fetches[ns] = (fetches[ns] ?? 0) + 1
    if ((failures[ns] ?? 0) > 0) {
      failures[ns]!--
      throw new TypeError('Failed to fetch')
    }
    return localeFileResponse(url)!
  })
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

/** Loads a namespace with the timers run until it settles. */
async function load(ns: string) {
  const loaded = i18n.loadNamespaces(ns)
  await vi.runAllTimersAsync()
  await loaded
}

it('tries a failed text file again, and shows its texts once it arrives', async () => {
  failures = { faq: 3 }
  await load('faq')
  expect(fetches.faq).toBe(4)
  expect(i18n.t('title', { ns: 'faq' })).toBe('Perguntas frequentes')
})

it('gives up after five tries', async () => {
  failures = { legal: Number.POSITIVE_INFINITY }
  await load('legal')
  expect(fetches.legal).toBe(5)
  expect(i18n.hasResourceBundle('pt', 'legal')).toBe(false)
})

// Both languages have every key (./locales.test.ts), so another language's file would never be read: an
// English page fetches its texts once, not once per language.
it('fetches a namespace in the page language only', async () => {
  await i18n.changeLanguage('en')
  await vi.runAllTimersAsync()
  fetchedUrls = []
  await load('standing')
  expect(fetchedUrls).toHaveLength(1)
  expect(fetchedUrls[0]).toMatch(/\/en\/standing\.json/)
  expect(i18n.t('title', { ns: 'standing', lng: 'en' })).not.toBe('title')
})
