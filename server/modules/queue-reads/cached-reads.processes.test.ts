import { describe, expect, it } from 'vitest'
import { applyQueueChange } from '../../../contract/queue-change'
import type { QueueChange, QueueView } from '../../../contract/queues'
import { buildGuild, buildMember, buildPlayer } from '../../test/factories'
import { ENGINE } from '../../test/harness'
import { twoServerProcesses } from '../../test/server-process'

// Two server processes on one PostgreSQL, each with its own caches: a write through process 1 is never
// followed by a stale answer from process 2, and a session ended through process 1 is refused by process 2
// on its very next request (docs/decisions/009-cached-reads.md).

const AUTH_SECRET = 'cached-reads-procs-secret-cached-reads-00'
const PASSWORD = 'two-process-cache-pass'

describe.skipIf(ENGINE !== 'postgres')('caches across two server processes (PostgreSQL)', () => {
  const procs = twoServerProcesses('lq_cache_procs', AUTH_SECRET)

  const send = (url: string, cookie: string, method = 'GET', body?: unknown) =>
    fetch(url, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })

  it('answers the write at once on the other process: public and dashboard queue reads', async () => {
    const { one, two, factoryCtx } = procs
    const { guild, admin } = await buildGuild(factoryCtx, { publicAccessPassword: PASSWORD })
    for (const name of ['Ana', 'Bruno', 'Caio']) await buildPlayer(factoryCtx, guild.id, { name })
    const item = await (
      await send(`${one.url}/api/v1/items`, admin.cookie, 'POST', { name: 'Arco', rarity: 'rare' })
    ).json()
    expect(
      (await send(`${one.url}/api/v1/items/${item.id}/queue/add-all`, admin.cookie, 'POST')).status,
    ).toBe(200)
    const access = await fetch(`${two.url}/api/v1/public/guilds/${guild.slug}/access`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    })
    const publicCookie = access.headers.get('set-cookie')!.split(';')[0]!
    const publicQueue = `${two.url}/api/v1/public/guilds/${guild.slug}/items/${item.id}/queue`
    const dashboardQueue = `${two.url}/api/v1/items/${item.id}/queue`
    const viewOf = async (url: string, cookie: string) => {
      const res = await send(url, cookie)
      expect(res.status).toBe(200)
      return (await res.json()) as QueueView
    }
    const firstOf = async (url: string, cookie: string) => (await viewOf(url, cookie)).entries

    for (let round = 0; round < 3; round++) {
      // Both cached on process 2 (asked twice), then the next in line receives through process 1.
      await firstOf(publicQueue, publicCookie)
      const beforeView = await viewOf(dashboardQueue, admin.cookie)
      const before = beforeView.entries
      expect(await firstOf(dashboardQueue, admin.cookie)).toEqual(before)
      const received = await send(
        `${one.url}/api/v1/queue-entries/${before[0]!.id}/received`,
        admin.cookie,
        'POST',
      )
      expect(received.status).toBe(200)
      // The write answers what it changed (contract/queue-change.ts), applied to the queue it follows.
      const after = applyQueueChange(beforeView, (await received.json()) as QueueChange)
      expect(after).not.toBeNull()
      const expected = after!.entries.map((e) => e.playerName)
      expect(expected[0]).not.toBe(before[0]!.playerName)
      // No wait: the very next requests to process 2.
      expect((await firstOf(dashboardQueue, admin.cookie)).map((e) => e.playerName)).toEqual(expected)
      expect((await firstOf(publicQueue, publicCookie)).map((e) => e.playerName)).toEqual(expected)
    }
  })

  it('refuses a session ended through the other process on its very next request', async () => {
    const { one, two, factoryCtx } = procs
    const { guild, admin } = await buildGuild(factoryCtx, { publicAccessPassword: PASSWORD })
    const member = await buildMember(factoryCtx, { guildId: guild.id })
    // Cached on process 2.
    expect((await send(`${two.url}/api/v1/me`, member.cookie)).status).toBe(200)
    expect((await send(`${two.url}/api/v1/players`, member.cookie)).status).toBe(200)
    const res = await send(`${one.url}/api/v1/members/${member.profileId}/deactivate`, admin.cookie, 'POST')
    expect(res.status).toBe(200)
    expect((await send(`${two.url}/api/v1/players`, member.cookie)).status).toBe(401)

    // Signing out on process 1 ends the admin's cookie on process 2 too.
    expect((await send(`${two.url}/api/v1/me`, admin.cookie)).status).toBe(200)
    const out = await fetch(`${one.url}/api/v1/auth/sign-out`, {
      method: 'POST',
      headers: { cookie: admin.cookie, origin: one.url, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(out.status).toBe(200)
    expect((await send(`${two.url}/api/v1/me`, admin.cookie)).status).toBe(401)
  })
})
