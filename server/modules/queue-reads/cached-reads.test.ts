import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { buildGuild, buildMember, buildPlayer } from '../../test/factories'
import { appBeside, fileTestContext } from '../../test/harness'
import { sandboxAct } from '../billing/billing.test-support'
import { publicClient } from '../public/public.test-support'

// The read cache (public view and queue; the dashboard's queue, item list, counters and overview; the
// history's stat cards) is never stale: after every kind of write the cached answers equal what a process
// with nothing cached answers from the same database, and the write did change them (so the comparison
// could fail). docs/decisions/009-cached-reads.md.

const PASSWORD = 'cached-reads-pass'
const ctx = await fileTestContext()

type Answer = { status: number; body: unknown }
const answer = async (res: Response): Promise<Answer> => {
  const bytes = Buffer.from(await res.arrayBuffer())
  const text =
    res.headers.get('content-encoding') === 'gzip' ? gunzipSync(bytes).toString() : bytes.toString()
  return { status: res.status, body: JSON.parse(text) }
}

/** The answers of an app on the same database whose caches start empty. */
async function uncached(paths: { path: string; cookie: string }[]): Promise<Answer[]> {
  const { app, stop } = await appBeside(ctx, { listening: false })
  try {
    const answers = []
    for (const { path, cookie } of paths)
      answers.push(await answer(await app.request(path, { headers: { cookie } })))
    return answers
  } finally {
    await stop()
  }
}

describe('cached reads', () => {
  it('equal an uncached read after every kind of write, and the write changed them', async () => {
    const { guild, admin } = await buildGuild(ctx, { publicAccessPassword: PASSWORD })
    const member = await buildMember(ctx, { guildId: guild.id })
    const players: { id: string }[] = []
    for (const name of ['Ana', 'Bruno', 'Caio', 'Duda'])
      players.push(await buildPlayer(ctx, guild.id, { name }))
    const item = await (
      await admin.request('POST', '/api/v1/items', { name: 'Espada', rarity: 'epic' })
    ).json()
    expect((await admin.request('POST', `/api/v1/items/${item.id}/queue/add-all`)).status).toBe(200)
    await sandboxAct(admin, 'checkout', 'pay')
    const client = publicClient(ctx)
    let publicCookie = (await client.enter(guild.slug, PASSWORD)).cookie!

    const todayStart = new Date(new Date().setUTCHours(0, 0, 0, 0)).toISOString()
    const reads = () => [
      { path: `/api/v1/public/guilds/${guild.slug}/view`, cookie: publicCookie },
      { path: `/api/v1/public/guilds/${guild.slug}/items/${item.id}/queue`, cookie: publicCookie },
      { path: `/api/v1/items/${item.id}/queue`, cookie: member.cookie },
      { path: '/api/v1/items', cookie: member.cookie },
      { path: `/api/v1/items-summary?todayStart=${encodeURIComponent(todayStart)}`, cookie: member.cookie },
      { path: '/api/v1/overview', cookie: member.cookie },
      { path: '/api/v1/history/stats?tz=America%2FSao_Paulo', cookie: member.cookie },
    ]
    const cached = async () => {
      const answers = []
      for (const { path, cookie } of reads()) {
        // As a browser asks: gzip, so a kept answer is served whole from the cache (public-cached-read.ts).
        const headers = { cookie, 'accept-encoding': 'gzip, deflate, br' }
        answers.push(await answer(await ctx.app.request(path, { headers })))
      }
      return answers
    }
    const queue = async () =>
      (await (await member.request('GET', `/api/v1/items/${item.id}/queue`)).json()) as {
        entries: { id: string; playerName: string }[]
      }
    const entryOf = async (name: string) => (await queue()).entries.find((e) => e.playerName === name)!.id
    const ok = async (res: Promise<Response>) => {
      const r = await res
      expect(r.status, await r.clone().text()).toBeLessThan(300)
    }

    const writes: [string, () => Promise<void>][] = [
      [
        'received',
        async () => ok(admin.request('POST', `/api/v1/queue-entries/${await entryOf('Ana')}/received`)),
      ],
      [
        'absent',
        async () => ok(admin.request('POST', `/api/v1/queue-entries/${await entryOf('Bruno')}/absent`)),
      ],
      [
        'not interested',
        async () =>
          ok(admin.request('POST', `/api/v1/queue-entries/${await entryOf('Caio')}/not-interested`)),
      ],
      [
        'penalty',
        async () =>
          ok(
            admin.request('POST', `/api/v1/queue-entries/${await entryOf('Duda')}/penalty`, {
              days: 3,
              note: 'Late',
            }),
          ),
      ],
      [
        'reorder',
        async () => {
          const entryIds = (await queue()).entries.map((e) => e.id).reverse()
          await ok(admin.request('PUT', `/api/v1/items/${item.id}/queue/order`, { entryIds }))
        },
      ],
      ['undo', async () => ok(admin.request('POST', `/api/v1/items/${item.id}/queue/undo`))],
      ['remove', async () => ok(admin.request('DELETE', `/api/v1/queue-entries/${await entryOf('Caio')}`))],
      [
        'add',
        async () => ok(admin.request('POST', `/api/v1/items/${item.id}/queue`, { playerId: players[2]!.id })),
      ],
      [
        'add-all',
        async () => {
          await ok(admin.request('POST', '/api/v1/players', { name: 'Eva' }))
          await ok(admin.request('POST', `/api/v1/items/${item.id}/queue/add-all`))
        },
      ],
      [
        'player deactivation',
        async () =>
          ok(admin.request('PATCH', `/api/v1/players/${players[1]!.id}`, { playerStatus: 'inactive' })),
      ],
      [
        'item renamed',
        async () => ok(admin.request('PATCH', `/api/v1/items/${item.id}`, { name: 'Espada Velha' })),
      ],
      [
        'public rules',
        async () => ok(admin.request('PUT', '/api/v1/public-rules', { publicRules: 'Be kind' })),
      ],
      [
        'item hidden',
        async () => ok(admin.request('PATCH', `/api/v1/items/${item.id}`, { isPublicVisible: false })),
      ],
      [
        'item shown again',
        async () => ok(admin.request('PATCH', `/api/v1/items/${item.id}`, { isPublicVisible: true })),
      ],
      [
        // A receipt newer than every award: the queue's last recipient changes.
        'import of loot history',
        async () =>
          ok(
            admin.request('POST', '/api/v1/guild/import', {
              files: [
                {
                  name: 'historico.csv',
                  content: 'Data;Item;Jogador\n2099-01-01 20:00:00;Espada Velha;Duda\n',
                },
              ],
              timeZone: 'UTC',
            }),
          ),
      ],
      [
        'import of a roster with its queue column',
        async () =>
          ok(
            admin.request('POST', '/api/v1/guild/import', {
              files: [{ name: 'jogadores.csv', content: 'Nome;Fila: Espada Velha\nFabio;1\n' }],
            }),
          ),
      ],
      [
        'another item added',
        async () => ok(admin.request('POST', '/api/v1/items', { name: 'Arco', rarity: 'rare' })),
      ],
      [
        'another item deleted',
        async () => {
          const { items } = (await (await member.request('GET', '/api/v1/items')).json()) as {
            items: { id: string; name: string }[]
          }
          await ok(admin.request('DELETE', `/api/v1/items/${items.find((i) => i.name === 'Arco')!.id}`))
        },
      ],
      [
        'guild password change (the old cookie is refused)',
        async () => ok(admin.request('PATCH', '/api/v1/guild', { publicAccessPassword: 'another-pass' })),
      ],
      [
        'subscription canceled',
        async () => {
          publicCookie = (await client.enter(guild.slug, 'another-pass')).cookie!
          await cached()
          await cached()
          await sandboxAct(admin, 'portal', 'portal', { action: 'cancel_subscription' })
        },
      ],
    ]

    for (const [name, write] of writes) {
      await cached()
      const before = await cached()
      await write()
      const after = await cached()
      expect(after, name).toEqual(await uncached(reads()))
      expect(after, `${name} changed nothing that is read`).not.toEqual(before)
    }
    // The cancellation is scheduled for the paid period's end (docs/decisions/003-billing.md): the page stays
    // open until then, and closes then with no write, the cached answers too.
    const { accessUntil } = await (await admin.request('GET', '/api/v1/billing')).json()
    expect((await cached()).slice(0, 2).map((answer) => answer!.status)).toEqual([200, 200])
    ctx.setNow(new Date(Date.parse(accessUntil) + 1000))
    const [view, publicQueue] = await cached()
    expect([view!.status, publicQueue!.status]).toEqual([403, 403])
    ctx.setNow(null as unknown as Date)
    // Twenty writes, each compared with a fresh app: about 10 s alone, past the default 30 s on a busy machine.
  }, 120_000)

  it('answers 304 to the ETag it gave until the queue changes, and gzip when asked', async () => {
    const { guild, admin } = await buildGuild(ctx, { publicAccessPassword: PASSWORD })
    // Long names: answers under 1 kB are sent as they are (read-cache.ts, server/lib/api-framing.ts).
    for (const name of ['Ana', 'Bruno'])
      await buildPlayer(ctx, guild.id, { name: `${name} ${'x'.repeat(400)}` })
    const item = await (
      await admin.request('POST', '/api/v1/items', { name: 'Cajado', rarity: 'rare' })
    ).json()
    expect((await admin.request('POST', `/api/v1/items/${item.id}/queue/add-all`)).status).toBe(200)
    const { cookie } = await publicClient(ctx).enter(guild.slug, PASSWORD)
    for (const [path, who] of [
      [`/api/v1/public/guilds/${guild.slug}/items/${item.id}/queue`, cookie!],
      [`/api/v1/items/${item.id}/queue`, admin.cookie],
    ] as const) {
      const get = (headers: Record<string, string> = {}) =>
        ctx.app.request(path, { headers: { cookie: who, ...headers } })
      const first = await get()
      expect(first.status).toBe(200)
      expect(first.headers.get('cache-control')).toBe('private, no-cache')
      const etag = first.headers.get('etag')!
      expect(etag).toMatch(/^W\/"[\w-]+"$/)
      const body = await first.json()
      const again = await get({ 'if-none-match': etag })
      expect(again.status).toBe(304)
      expect(again.headers.get('etag')).toBe(etag)
      expect(await again.text()).toBe('')
      const zipped = await get({ 'accept-encoding': 'gzip, deflate, br' })
      expect(zipped.headers.get('content-encoding')).toBe('gzip')
      expect(JSON.parse(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString())).toEqual(body)

      // The public answer names rows by player (it has no entry ids): the award goes through the dashboard's.
      const next = body.entries[0].playerId as string
      const dashboard = await (await admin.request('GET', `/api/v1/items/${item.id}/queue`)).json()
      const entryId = dashboard.entries.find((e: { playerId: string }) => e.playerId === next).id
      expect((await admin.request('POST', `/api/v1/queue-entries/${entryId}/received`)).status).toBe(200)
      const changed = await get({ 'if-none-match': etag })
      expect(changed.status).toBe(200)
      expect(changed.headers.get('etag')).not.toBe(etag)
      expect((await changed.json()).entries.map((e: { playerId: string }) => e.playerId).at(-1)).toBe(next)
    }
  })
})
