import { describe, expect, it } from 'vitest'
import { buildGuild, buildMember } from '../../test/factories'
import { ENGINE } from '../../test/harness'
import { limitMs, medianMs } from '../../test/timing'
import { readSse } from './sse.test-support'
import { twoServerProcesses } from '../../test/server-process'

// Two real server processes on one PostgreSQL: a change written through process 1 reaches streams that
// browsers opened on process 2 (LISTEN/NOTIFY), the way a load-balanced deployment runs.

const AUTH_SECRET = 'two-process-secret-two-process-secret-00'
const PASSWORD = 'two-process-public-pass'

describe.skipIf(ENGINE !== 'postgres')('realtime across two server processes (PostgreSQL)', () => {
  const procs = twoServerProcesses('lq_procs', AUTH_SECRET)

  it('delivers a change made through process 1 to streams opened on process 2 within a second', async () => {
    const { one, two, factoryCtx } = procs
    const { guild } = await buildGuild(factoryCtx, { publicAccessPassword: PASSWORD })
    const admin = await buildMember(factoryCtx, { guildId: guild.id, role: 'guild_admin' })

    const access = await fetch(`${two.url}/api/v1/public/guilds/${guild.slug}/access`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    })
    expect(access.status).toBe(200)
    const publicCookie = access.headers.get('set-cookie')!.split(';')[0]!
    const publicStream = readSse(
      await fetch(`${two.url}/api/v1/public/guilds/${guild.slug}/events`, {
        headers: { cookie: publicCookie },
      }),
    )
    const memberStream = readSse(
      await fetch(`${two.url}/api/v1/events`, { headers: { cookie: admin.cookie } }),
    )
    try {
      await Promise.all([publicStream.waitFor('ready'), memberStream.waitFor('ready')])

      // Warm both processes' code paths so the number below is the realtime path, not first-call compilation.
      expect((await fetch(`${one.url}/api/v1/guild`, { headers: { cookie: admin.cookie } })).status).toBe(200)
      // How fast the two processes answer a trivial request right now: the limit below scales with it.
      const baseline = await medianMs(() =>
        Promise.all([fetch(`${one.url}/api/v1/health`), fetch(`${two.url}/api/v1/health`)]),
      )
      const started = performance.now()
      const rename = await fetch(`${one.url}/api/v1/guild`, {
        method: 'PATCH',
        headers: { cookie: admin.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Renamed Across Processes' }),
      })
      expect(rename.status).toBe(200)
      const [publicChange, memberChange] = await Promise.all([
        publicStream.waitFor('change', { timeoutMs: 10_000 }),
        memberStream.waitFor('change', { timeoutMs: 10_000 }),
      ])
      const latency = performance.now() - started
      expect(JSON.parse(publicChange.data)).toEqual({ topic: 'guild' })
      expect(JSON.parse(memberChange.data)).toEqual({ topic: 'guild' })
      expect(latency).toBeLessThan(limitMs(1000, baseline))
      console.info(
        `[realtime] process 1 write → process 2 streams: ${latency.toFixed(0)} ms (baseline round trip ${baseline.toFixed(1)} ms)`,
      )

      // The public page on process 2 sees the new name at once.
      const view = await fetch(`${two.url}/api/v1/public/guilds/${guild.slug}/view`, {
        headers: { cookie: publicCookie },
      })
      expect((await view.json()).guild.name).toBe('Renamed Across Processes')

      // A new password set through process 1 ends the public stream open on process 2.
      const repass = await fetch(`${one.url}/api/v1/guild`, {
        method: 'PATCH',
        headers: { cookie: admin.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ publicAccessPassword: 'brand-new-password' }),
      })
      expect(repass.status).toBe(200)
      await publicStream.waitFor('revoked')
      await publicStream.waitForEnd()
      await memberStream.waitFor('change', { from: 2 })
      expect(memberStream.ended).toBe(false)
    } finally {
      await Promise.all([publicStream.close(), memberStream.close()])
    }
  })
})
