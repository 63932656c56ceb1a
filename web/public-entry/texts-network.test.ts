import { afterEach, beforeEach, expect, it, vi } from 'vitest'

// The public page's texts on a flaky connection: a file that fails is fetched again (up to five tries in all,
// web/lib/fetch-texts.ts), and one that failed every try is fetched anew the next time it is asked for, not
// remembered as failed.

type TextsModule = typeof import('./texts')
let failuresLeft = 0
let fetches = 0

beforeEach(() => {
  vi.useFakeTimers()
  vi.resetModules()
  fetches = 0
  vi.stubGlobal('fetch', async (url: string) => {
    fetches++
    if (failuresLeft > 0) {
      failuresLeft--
      throw new TypeError('Failed to fetch')
    }
    const ns = /\/(\w+)\.json/.exec(url)?.[1]
    return new Response(JSON.stringify(ns === 'common' ? { appName: 'LootQueue' } : {}))
  })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

/** initI18n with the timers run until it settles: 'ok' or 'failed'. */
async function init(texts: TextsModule) {
  const settled = texts.initI18n('pt').then(
    () => 'ok',
    () => 'failed',
  )
  await vi.runAllTimersAsync()
  return settled
}

it('tries a failed text file again and shows the texts once it arrives', async () => {
  const texts: TextsModule = await import('./texts')
  failuresLeft = 2
  expect(await init(texts)).toBe('ok')
  expect(texts.translate('public', 'common:appName')).toBe('LootQueue')
  // Three files (common, errors, public): the first two fetches failed and were each tried again.
  expect(fetches).toBe(5)
})

it('gives up after five tries, then loads anew when asked again', async () => {
  const texts: TextsModule = await import('./texts')
  failuresLeft = Number.POSITIVE_INFINITY
  expect(await init(texts)).toBe('failed')
  expect(fetches).toBe(15) // three files, five tries each
  failuresLeft = 0
  expect(await init(texts)).toBe('ok')
  expect(texts.translate('public', 'common:appName')).toBe('LootQueue')
})
