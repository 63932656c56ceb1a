import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { clonePostgresTemplate, ENGINE } from '../test/harness'
import { type Proc, startProcess, stopProcess } from '../test/server-process'

// DATABASE_POOL_SIZE bounds the connections a server process keeps to PostgreSQL (server/db/client.ts):
// a burst of requests waits for a pooled connection instead of opening more.

const AUTH_SECRET = 'pool-size-secret-pool-size-secret-000000'
const APPLICATION = 'lq_pool_size_probe'

describe.skipIf(ENGINE !== 'postgres')('the PostgreSQL pool of a server process', () => {
  let proc: Proc | undefined
  let drop: (() => Promise<void>) | undefined
  afterAll(async () => {
    await stopProcess(proc)
    await drop?.()
  })

  it('opens at most DATABASE_POOL_SIZE connections, besides its listener, under a burst', async () => {
    const clone = await clonePostgresTemplate('lq_pool')
    drop = clone.drop
    // Named so that only this process's connections are counted.
    const url = new URL(clone.url)
    url.searchParams.set('application_name', APPLICATION)
    proc = await startProcess(url.toString(), AUTH_SECRET, { env: { DATABASE_POOL_SIZE: '2' } })

    // Each health check runs a query; forty at once would take forty connections without a bound.
    const statuses = await Promise.all(
      Array.from({ length: 40 }, async () => (await fetch(`${proc!.url}/api/v1/health`)).status),
    )
    expect(statuses).toEqual(Array(40).fill(200))

    const admin = new pg.Client({ connectionString: clone.url })
    await admin.connect()
    try {
      // The pooled connections; the LISTEN connection (LISTEN, then empty queries) is not the pool's.
      const { rows } = await admin.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where application_name = $1 and query <> '' and query not ilike 'listen %'`,
        [APPLICATION],
      )
      // Both pooled connections were opened (idle ones stay open for ten seconds), and no third.
      expect(rows[0]!.n).toBe(2)
    } finally {
      await admin.end()
    }
  })
})
