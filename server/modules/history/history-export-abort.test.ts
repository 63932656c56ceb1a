import type { AddressInfo } from 'node:net'
import { randomUUID } from 'node:crypto'
import { type ServerType, serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildGuild } from '../../test/factories'
import { fileTestContext } from '../../test/harness'

// A CSV export that fails must never pass for a complete file (issue 12: 200, then a silently cut download).
// Over a real socket, because what a client sees of a failure mid-body is decided by the HTTP layer.

const plan = vi.hoisted(() => ({ failOnCall: 0, calls: 0 }))
vi.mock('./history.queries', async (importOriginal) => {
  const real = await importOriginal<typeof import('./history.queries')>()
  return {
    ...real,
    // A full batch each time (so the export asks for the next one), failing on the planned call.
    lootBatchAfter: async (
      _db: unknown,
      _guildId: string,
      _filter: unknown,
      _cursor: unknown,
      limit: number,
    ) => {
      plan.calls += 1
      if (plan.calls === plan.failOnCall) throw new Error('connection lost')
      const rows = plan.failOnCall === 0 ? 3 : limit
      return Array.from({ length: rows }, (_, i) => ({
        id: randomUUID(),
        itemName: `Sword ${plan.calls}-${i}`,
        itemRarity: 'epic',
        itemType: null,
        playerName: 'Ana',
        previousQueuePosition: 1,
        distributedByName: null,
        notes: null,
        distributedAt: new Date('2026-01-01T12:00:00Z'),
        cursorAt: `2026-01-01 12:00:00.${String(1000 - plan.calls).padStart(4, '0')}+00`,
        cursorTie: randomUUID(),
      }))
    },
  }
})

const ctx = await fileTestContext()
let server: ServerType
let base: string
beforeAll(async () => {
  server = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise((resolve) => server.once('listening', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

async function download(failOnCall: number, query = '') {
  plan.failOnCall = failOnCall
  plan.calls = 0
  const { admin } = await buildGuild(ctx)
  return fetch(`${base}/api/v1/history/loot.csv${query}`, { headers: { cookie: admin.cookie } })
}

describe('history CSV export failures', () => {
  it('delivers the whole file when nothing fails', async () => {
    const res = await download(0)
    expect(res.status).toBe(200)
    const lines = (await res.text()).trim().split('\r\n')
    expect(lines).toHaveLength(4)
    expect(lines.slice(1).map((line) => line.split(';')[1])).toEqual(['Sword 1-0', 'Sword 1-1', 'Sword 1-2'])
  })

  it('answers an error, not a 200, when the first query fails (nothing was sent yet)', async () => {
    const res = await download(1)
    expect(res.status).toBe(500)
    expect(res.headers.get('content-type')).toMatch(/application\/json/)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('INTERNAL')
  })

  it('breaks the download off visibly when a later batch fails: reading the body fails', async () => {
    // @hono/node-server reports the failed body on stderr itself (our logger has its own line for it).
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => {})
    const res = await download(2)
    expect(res.status).toBe(200)
    await expect(res.text()).rejects.toThrow()
    expect(plan.calls).toBe(2)
    await vi.waitFor(() =>
      expect(stderr).toHaveBeenCalledWith(expect.objectContaining({ message: 'connection lost' })),
    )
  })

  it('refuses a hostile search before the first byte (a NUL reached the database before)', async () => {
    const res = await download(0, '?search=%00')
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      search: 'controlCharacters',
    })
    expect(plan.calls).toBe(0)
  })
})
