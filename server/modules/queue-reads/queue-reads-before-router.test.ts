import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { profiles } from '../../db/schema'
import { buildGuild, buildMember, buildPlayer } from '../../test/factories'
import { expectShortWayAsFull } from '../../lib/reads-before-router.test-support'
import { appBeside, fileTestContext } from '../../test/harness'

// A dashboard's cached queue is sent before the router (server/lib/reads-before-router.ts) with exactly what
// the full route sends, and only to a member the route's guards let through. Whether a read went the short
// way shows in the read cache: only the full way's middleware fills it (readCache.through).

const ctx = await fileTestContext()

/** An app on the test database whose cache fills are counted. */
async function countedApp() {
  const beside = await appBeside(ctx)
  return { ...beside, fills: vi.spyOn(beside.deps.readCache, 'through') }
}

async function queueOfLongNames() {
  const { guild, admin } = await buildGuild(ctx)
  // Past the size below which answers are not gzipped (read-cache.ts).
  for (const name of ['Ana', 'Bruno', 'Caio'])
    await buildPlayer(ctx, guild.id, { name: `${name} ${'x'.repeat(400)}` })
  const item = await (await admin.request('POST', '/api/v1/items', { name: 'Arco', rarity: 'rare' })).json()
  expect((await admin.request('POST', `/api/v1/items/${item.id}/queue/add-all`)).status).toBe(200)
  return { guild, admin, path: `/api/v1/items/${item.id}/queue` }
}

describe("a dashboard's cached queue read", () => {
  it('is answered before the router with the headers and body of the full route, gzip and 304', async () => {
    const { admin, path } = await queueOfLongNames()
    const { app, fills, stop } = await countedApp()
    try {
      const get = (headers: Record<string, string> = {}) =>
        app.request(path, { headers: { cookie: admin.cookie, 'accept-encoding': 'gzip, br', ...headers } })
      const { short, body } = await expectShortWayAsFull(get, fills)
      expect(JSON.parse(body).entries).toHaveLength(3)

      const etag = short.headers.get('etag')!
      const notModified = await get({ 'if-none-match': etag })
      expect(fills).toHaveBeenCalledTimes(1)
      expect(notModified.status).toBe(304)
      expect(await notModified.text()).toBe('')
      // No gzip accepted: the full way, identity body.
      const plain = await app.request(path, { headers: { cookie: admin.cookie } })
      expect(fills).toHaveBeenCalledTimes(2)
      expect(await plain.text()).toBe(body)
    } finally {
      await stop()
    }
  })

  it('goes the full way for whoever the route refuses: no session, another guild, a deactivated member', async () => {
    const { guild, admin, path } = await queueOfLongNames()
    const outsider = await buildMember(ctx)
    const member = await buildMember(ctx, { guildId: guild.id })
    const { app, stop } = await countedApp()
    try {
      const get = (cookie?: string) =>
        app.request(path, { headers: { 'accept-encoding': 'gzip', ...(cookie ? { cookie } : {}) } })
      // Cached now, for this guild: the refusals below are the route's own answers.
      expect((await get(admin.cookie)).status).toBe(200)
      expect((await get(member.cookie)).status).toBe(200)
      expect((await get()).status).toBe(401)
      expect((await get(outsider.cookie)).status).toBe(404)
      await ctx.database.db.update(profiles).set({ isActive: false }).where(eq(profiles.id, member.profileId))
      const deactivated = await get(member.cookie)
      expect(deactivated.status).toBe(403)
      // The full way ended the deactivated member's sessions: the same cookie no longer signs in.
      expect((await get(member.cookie)).status).toBe(401)
    } finally {
      await stop()
    }
  })
})
