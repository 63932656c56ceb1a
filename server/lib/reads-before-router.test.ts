import { describe, expect, it, vi } from 'vitest'
import type { Deps } from '../deps'
import { type BodyKey, type CachedBody, encodeBody } from '../platform/read-cache'
import { apiSecurityHeaders } from '../web-app'
import { type ReadBeforeRouter, readsBeforeRouter } from './reads-before-router'

// When an answer is remembered for a path and Cookie header (reads-before-router.ts): never when the read
// cache dropped anything while the checks ran (on PostgreSQL they wait for the listener), and never again
// once it has. The app-level tests (public-cached-read.test.ts, cached-reads.test.ts) cover the rest.

const PATH = '/api/v1/public/guilds/raid/view'
const NOW = 1_000

function setUp() {
  let drops = 0
  let release = () => {}
  const body: CachedBody = encodeBody(JSON.stringify({ rows: 'x'.repeat(2000) }), 0, Number.POSITIVE_INFINITY)
  const deps = {
    now: () => new Date(NOW),
    realtime: { caughtUp: () => true },
    readCache: { drops: () => drops, get: () => body },
  } as unknown as Deps
  // The read's checks wait, as they do on PostgreSQL, until the test lets them finish.
  const read: ReadBeforeRouter = {
    match: (path) => (path === PATH ? /.*/.exec(path) : null),
    cached: vi.fn(
      () =>
        new Promise<{ guildId: string; key: BodyKey; sameUntil: number }>((resolve) => {
          release = () => resolve({ guildId: 'g', key: { kind: 'public-view' }, sameUntil: NOW + 60_000 })
        }),
    ),
  }
  const answer = readsBeforeRouter(deps, apiSecurityHeaders(), () => {}, [read])
  const get = () =>
    answer(
      new Request(`http://localhost${PATH}`, {
        headers: { cookie: 'lq_pub_g=1', 'accept-encoding': 'gzip' },
      }),
    )
  /** A read whose checks finish at once, or after `during` ran. */
  const ask = async (during = () => {}) => {
    const pending = get()
    during()
    release()
    return await pending
  }
  return { read, ask, drop: () => drops++ }
}

describe('an answer remembered before the router', () => {
  it('is sent without the checks once they passed, and forgotten once anything is dropped', async () => {
    const { read, ask, drop } = setUp()
    // The API's headers are known once a probe request has run: promises only, all settled before a timer.
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect((await ask())?.status).toBe(200)
    expect((await ask())?.status).toBe(200)
    expect(read.cached).toHaveBeenCalledTimes(1)
    drop()
    expect((await ask())?.status).toBe(200)
    expect(read.cached).toHaveBeenCalledTimes(2)
  })

  it('is not remembered when something is dropped while its checks run', async () => {
    const { read, ask, drop } = setUp()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect((await ask(drop))?.status).toBe(200)
    expect((await ask())?.status).toBe(200)
    expect(read.cached).toHaveBeenCalledTimes(2)
    expect((await ask())?.status).toBe(200)
    expect(read.cached).toHaveBeenCalledTimes(2)
  })
})
