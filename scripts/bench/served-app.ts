import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { createApp } from '../../server/app'
import { buildDeps } from '../../server/deps'
import { startPendingListMerger } from '../../server/db/pending-list-merger'
import { parseEnv } from '../../server/env'
import { createLogger } from '../../server/lib/logger'
import type { TestContext } from '../../server/test/harness'
import { BENCH_AUTH_SECRET, type BenchContext } from './support'

/** Production's logger, its JSON line per request built and then dropped: the work is measured, the noise is not. */
const droppedJsonLogger = createLogger({ level: 'info', json: true, write: () => {} })

/**
 * The app in production mode on the bench's database, with the background work of every production
 * process that runs on both engines (the pending-list merger). `ctx`: what the factories need of a test
 * context. `close()` stops them and closes the database.
 */
export async function benchApp(bench: BenchContext) {
  const database = await bench.openDatabase()
  const env = parseEnv({
    NODE_ENV: 'production',
    APP_URL: 'http://localhost:3000',
    AUTH_SECRET: BENCH_AUTH_SECRET,
    BILLING_SANDBOX: 'true',
    LOG_LEVEL: 'info',
  })
  const deps = buildDeps({ env, database, logger: droppedJsonLogger })
  const app = createApp({ deps, webRoot: 'dist/web' })
  const ctx = { app, deps, database } as unknown as TestContext
  const pendingListMerger = startPendingListMerger({ database, logger: droppedJsonLogger })
  const close = async () => {
    await pendingListMerger.stop()
    await deps.realtime.stop()
    await database.close()
  }
  return { app, deps, database, ctx, close }
}

/** The bench app served by @hono/node-server on a free local port, as the HTTP benches measure it. */
export async function serveBenchApp(bench: BenchContext) {
  const { app, database, ctx, close: closeApp } = await benchApp(bench)
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise((resolve) => server.once('listening', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const close = async () => {
    ;(server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.()
    await new Promise((resolve) => server.close(resolve))
    await closeApp()
  }
  return { database, ctx, base, close }
}
