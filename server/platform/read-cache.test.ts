import { describe, expect, it, vi } from 'vitest'
import { type CachedBody, createReadCache, encodeBody } from './read-cache'
import type { CacheWatcher, Realtime } from './realtime'

// Single flight (docs/decisions/009-cached-reads.md): concurrent misses of one answer wait for one fill, and
// a write that reaches this process while a fill runs is never lost: later requests do not join it, and its
// answer is not stored.

const GUILD = 'guild-1'
const KEY = { kind: 'public-queue' as const, itemId: 'item-1' }
const NOW = 1_000

/** A realtime bus whose events the test sends, and whose catch-up barrier it may hold back. */
function fakeRealtime() {
  const watchers: CacheWatcher[] = []
  let barrier: Promise<boolean> = Promise.resolve(true)
  const realtime = {
    watch: (watcher: CacheWatcher) => {
      watchers.push(watcher)
      return () => {}
    },
    caughtUp: () => barrier,
  } as unknown as Realtime
  return {
    realtime,
    queueChanged: () => {
      for (const w of watchers) w.event?.({ guildId: GUILD, topic: 'queues', itemId: KEY.itemId })
    },
    holdBarrier: () => {
      let release = (_: boolean) => {}
      barrier = new Promise((resolve) => {
        release = resolve
      })
      return () => {
        release(true)
        barrier = Promise.resolve(true)
      }
    },
  }
}

function deferred() {
  let resolve = (_: CachedBody) => {}
  const promise = new Promise<CachedBody>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

const body = (text: string) => encodeBody(JSON.stringify({ text }), NOW, Number.POSITIVE_INFINITY)
const textOf = (b: CachedBody | null) => (b ? (JSON.parse(b.raw.toString()) as { text: string }).text : null)

describe('the read cache', () => {
  it('answers 50 concurrent misses with one fill, then from the cache', async () => {
    const { realtime } = fakeRealtime()
    const cache = createReadCache(realtime)
    const gate = deferred()
    const fill = vi.fn(() => gate.promise)
    const calls = Array.from({ length: 50 }, () => cache.through(GUILD, KEY, NOW, undefined, fill))
    await new Promise((resolve) => setTimeout(resolve, 10))
    gate.resolve(body('v1'))
    const answers = await Promise.all(calls)
    expect(fill).toHaveBeenCalledTimes(1)
    expect(answers.map((a) => textOf(a.body))).toEqual(Array(50).fill('v1'))
    expect(answers.filter((a) => a.own)).toHaveLength(1)
    const later = vi.fn(async () => body('never'))
    expect(textOf((await cache.through(GUILD, KEY, NOW, undefined, later)).body)).toBe('v1')
    expect(later).not.toHaveBeenCalled()
  })

  it('does not let a request that follows a write join the fill that began before it', async () => {
    const bus = fakeRealtime()
    const cache = createReadCache(bus.realtime)
    const before = deferred()
    const first = cache.through(GUILD, KEY, NOW, undefined, () => before.promise)
    // The write's notification arrives while the first fill reads.
    bus.queueChanged()
    const after = deferred()
    const fillAfter = vi.fn(() => after.promise)
    const second = cache.through(GUILD, KEY, NOW, undefined, fillAfter)
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(fillAfter).toHaveBeenCalledTimes(1)
    // The fill after the write finishes first; the older one must not overwrite it.
    after.resolve(body('new'))
    expect(textOf((await second).body)).toBe('new')
    before.resolve(body('old'))
    expect(textOf((await first).body)).toBe('old')
    expect(textOf(await cache.get(GUILD, KEY, NOW))).toBe('new')
  })

  it('checks the fill it would join only after catching up with the writes before the request', async () => {
    const bus = fakeRealtime()
    const cache = createReadCache(bus.realtime)
    const before = deferred()
    const first = cache.through(GUILD, KEY, NOW, undefined, () => before.promise)
    const release = bus.holdBarrier()
    const fillAfter = vi.fn(async () => body('new'))
    const second = cache.through(GUILD, KEY, NOW, undefined, fillAfter)
    // The notification of a write that committed before the second request arrives with the barrier.
    bus.queueChanged()
    release()
    expect(textOf((await second).body)).toBe('new')
    expect(fillAfter).toHaveBeenCalledTimes(1)
    before.resolve(body('old'))
    await first
    expect(textOf(await cache.get(GUILD, KEY, NOW))).toBe('new')
  })

  it('gives the requests that waited the error of the fill they joined', async () => {
    const { realtime } = fakeRealtime()
    const cache = createReadCache(realtime)
    let fail = (_: Error) => {}
    const fill = vi.fn(
      () =>
        new Promise<CachedBody>((_, reject) => {
          fail = reject
        }),
    )
    const calls = Array.from({ length: 5 }, () => cache.through(GUILD, KEY, NOW, undefined, fill))
    await new Promise((resolve) => setTimeout(resolve, 10))
    fail(new Error('NOT_FOUND'))
    const settled = await Promise.allSettled(calls)
    expect(fill).toHaveBeenCalledTimes(1)
    expect(settled.map((s) => s.status)).toEqual(Array(5).fill('rejected'))
    // Nothing was kept: the next request fills again.
    const again = vi.fn(async () => body('v2'))
    expect(textOf((await cache.through(GUILD, KEY, NOW, undefined, again)).body)).toBe('v2')
    expect(again).toHaveBeenCalledTimes(1)
  })
})

describe('the read cache budget (READ_CACHE_MB)', () => {
  /** An answer of about `kb` kilobytes that gzip cannot shrink (random bytes as hex). */
  const answerOf = (kb: number) =>
    encodeBody(
      JSON.stringify({ text: crypto.getRandomValues(new Uint8Array(kb * 512)).join('') }),
      NOW,
      Number.POSITIVE_INFINITY,
    )
  const fillFor = (cache: ReturnType<typeof createReadCache>, guildId: string, kb = 10) =>
    cache.through(guildId, { kind: 'public-view' }, NOW, undefined, async () => answerOf(kb))

  it('never counts more than its budget, and drops the least recently used guild first', async () => {
    const { realtime } = fakeRealtime()
    const maxBytes = 200 * 1024
    const cache = createReadCache(realtime, { maxBytes })
    for (let i = 0; i < 200; i++) {
      await fillFor(cache, `guild-${i}`)
      expect(cache.stats().bytes).toBeLessThanOrEqual(maxBytes)
      // guild-0 is read again after every other guild's fill: it stays the most recently used.
      if (i > 0) expect((await fillFor(cache, 'guild-0')).own, `after guild-${i}`).toBe(false)
    }
    const stats = cache.stats()
    expect(stats.evictions).toBeGreaterThan(0)
    expect(stats.guilds).toBeLessThan(200)
    // The newest guilds are kept, the oldest (but guild-0) are gone.
    expect((await fillFor(cache, 'guild-199')).own).toBe(false)
    expect((await fillFor(cache, 'guild-1')).own).toBe(true)
    expect(cache.stats().misses).toBe(200 + 1)
  })

  it('counts the gate rows against the same budget and drops them with their guild', async () => {
    const { realtime } = fakeRealtime()
    const cache = createReadCache(realtime, { maxBytes: 64 * 1024 })
    const rowOf = (i: number) => ({ id: `guild-${i}`, name: 'x'.repeat(2000) })
    for (let i = 0; i < 100; i++) await cache.row(`slug-${i}`, async () => rowOf(i))
    expect(cache.stats().bytes).toBeLessThanOrEqual(64 * 1024)
    expect(cache.stats().guilds).toBeLessThan(100)
    const load = vi.fn(async () => rowOf(0))
    await cache.row('slug-0', load)
    expect(load).toHaveBeenCalledTimes(1)
    const kept = vi.fn(async () => rowOf(99))
    await cache.row('slug-99', kept)
    expect(kept).not.toHaveBeenCalled()
  })

  it('moves its drop count on an eviction, so answers remembered from it are forgotten', async () => {
    const { realtime } = fakeRealtime()
    const cache = createReadCache(realtime, { maxBytes: 50 * 1024 })
    await fillFor(cache, 'guild-a', 20)
    await fillFor(cache, 'guild-b', 20)
    const before = cache.drops()
    await fillFor(cache, 'guild-c', 20)
    expect(cache.drops()).toBeGreaterThan(before)
    expect(await cache.get('guild-a', { kind: 'public-view' }, NOW)).toBeNull()
  })
})

describe('a cached answer in memory', () => {
  it('holds exactly its bytes: no gzip work buffer, no shared slab kept alive by it', () => {
    for (const size of [100, 3000, 50_000]) {
      const body = encodeBody(JSON.stringify({ text: 'a raid night '.repeat(size / 13) }), NOW, NOW + 1)
      expect(body.raw.buffer.byteLength, `raw of ${size}`).toBe(body.raw.length)
      if (body.gzip) expect(body.gzip.buffer.byteLength, `gzip of ${size}`).toBe(body.gzip.length)
    }
  })
})
