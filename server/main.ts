import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http'
import { join, resolve } from 'node:path'
import { serve } from '@hono/node-server'
import { lockDataDir } from './db/data-dir-lock'
import { type Database, openPglite, openPostgres } from './db/client'
import { startEmbeddedAutovacuum } from './db/embedded-autovacuum'
import { startPendingListMerger } from './db/pending-list-merger'
import { EnvError, loadEnv } from './env'
import { listenUrls } from './lib/listen-urls'
import { createLogger } from './lib/logger'
import type { BackgroundWork } from './lib/repeat-in-background'
import { type Snapshots, startSnapshots } from './platform/backup/snapshots'
import { outboxWarning } from './platform/mail/mailer'
import { type MetricsServer, startMetricsServer } from './platform/metrics/metrics-endpoint'
import { createWebApp, startingHandler } from './web-app'

/**
 * The app and its adapters (routes, better-auth: most of the server's code and packages), loaded while
 * the database opens. PGlite's start waits on its files and compiles its WebAssembly on background threads
 * meanwhile (issue 13: a start on existing data answers within 2 s). Stripe's SDK and nodemailer load with
 * their first use. The web app's pages are served from the start (server/web-app.ts).
 */
const loadApp = () =>
  Promise.all([
    import('./app'),
    import('./deps'),
    import('./modules/raid-nights/night-starts'),
    import('./modules/notifications/notification-loop'),
  ])

/**
 * How long a stopping process lets its requests finish before it cuts the connections: below the 10 s a
 * container runtime waits before SIGKILL (systemd waits 90 s).
 */
const IN_FLIGHT_LIMIT_MS = 8000
/** How soon, once stopping, a connection whose last answer has ended is closed. */
const IDLE_SWEEP_MS = 100

async function main() {
  let env: ReturnType<typeof loadEnv>
  try {
    env = loadEnv()
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`)
      process.exit(1)
    }
    throw error
  }
  const logger = createLogger({ level: env.LOG_LEVEL, json: env.NODE_ENV === 'production' })

  // A stop asked for while starting (opening and migrating the database) waits until the start is done.
  let requestedStop: string | null = null
  let shutdown = (signal: string): void | Promise<void> => {
    requestedStop = signal
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
  // The terminal that ran `npm start` closed (SIGHUP), or whatever read the output went away (`npm start |
  // head`, a log shipper that died: the next line fails with EPIPE). Node's default for both is to die at once,
  // mid-write, without the embedded database's checkpoint; this process stops as when asked to instead.
  process.on('SIGHUP', () => void shutdown('SIGHUP'))
  for (const output of [process.stdout, process.stderr]) {
    output.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error
      output.destroy()
      void shutdown('EPIPE')
    })
  }

  let unlock = () => {}
  const dataDir = env.DATABASE_URL ? null : resolve(env.DATA_DIR)
  if (dataDir) {
    try {
      unlock = lockDataDir(dataDir)
    } catch (error) {
      process.stderr.write(`${(error as Error).message}\n`)
      process.exit(1)
    }
  }
  const appLoaded = loadApp()
  // Listening starts now: the web app's files and pages are answered at once, while the database opens and
  // the app loads; API requests wait for the app (docs/decisions/006-operations.md).
  const handler = startingHandler(createWebApp(resolve('dist/web'), { origin: env.APP_URL }))
  const server = serve({ port: env.PORT, fetch: handler.fetch }, (info) => {
    logger.info(`LootQueue listening on ${listenUrls(info.port).join(', ')}`, {
      database: dataDir ? 'pglite' : 'postgres',
    })
  })
  let database: Database
  let snapshots: Snapshots | null = null
  let autovacuum: BackgroundWork | null = null
  if (!dataDir) {
    database = await openPostgres(env.DATABASE_URL!, { max: env.DATABASE_POOL_SIZE })
  } else {
    // The database in its own subfolder; the lock file and generated secret sit beside it.
    database = await openPglite(join(dataDir, 'pglite'))
    snapshots = startSnapshots({ database, dir: join(dataDir, 'backups'), keep: env.BACKUP_KEEP, logger })
    autovacuum = startEmbeddedAutovacuum({ database, logger })
    // `npm run backup` asks for a fresh snapshot this way while the server holds the data folder.
    process.on('SIGUSR2', () => void snapshots?.takeNow())
  }
  // Every process, on both engines: the history search's index lists are merged aside from the requests.
  const pendingListMerger = startPendingListMerger({ database, logger })

  const [{ createApp }, { buildDeps }, { startNightStartAnnouncer }, { startNotificationLoop }] =
    await appLoaded
  const deps = buildDeps({ env, database, logger })
  deps.metrics.collectProcessMetrics()
  handler.ready(createApp({ deps }))
  logger.info('LootQueue ready', { database: database.kind, mail: deps.mailer.kind })
  // Production without SMTP_URL still starts (a trial of the image, a restore drill), but says loudly that
  // no e-mail leaves, and again with each mail kept (server/platform/mail/mailer.ts).
  const noMail = outboxWarning(env)
  if (noMail) logger.warn(noMail, { mail: deps.mailer.kind })
  // Discord and webhook announcements leave from the outbox in the background (every process runs one).
  deps.announcer.start()
  // "The event started": every process looks for raid nights that just started (the claim is once).
  const nightStarts = startNightStartAnnouncer(deps)
  // Members' reminders, trial endings and loot digests (docs/decisions/020-notifications.md).
  const loopMs = (env.NOTIFY_LOOP_SECONDS ?? 0) * 1000
  const notifications = startNotificationLoop(
    deps,
    loopMs ? { firstDelayMs: loopMs, intervalMs: loopMs } : {},
  )
  let metricsServer: MetricsServer | null = null
  if (env.METRICS_PORT !== undefined) {
    metricsServer = await startMetricsServer({
      metrics: deps.metrics,
      port: env.METRICS_PORT,
      hostname: env.METRICS_HOST,
      token: env.METRICS_TOKEN,
    })
    logger.info(`metrics on http://${env.METRICS_HOST}:${metricsServer.port}/metrics`)
  }

  const connections = server as unknown as Pick<
    HttpServer,
    'closeIdleConnections' | 'closeAllConnections' | 'prependListener' | 'getConnections'
  >
  let stopping = false
  connections.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    // While draining, every answer closes its connection: a proxy's kept-alive connection then goes to
    // another process for its next request instead of finding this one gone.
    if (deps.lifecycle.draining) response.setHeader('Connection', 'close')
  })
  shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info('shutting down', { signal, graceSeconds: env.SHUTDOWN_GRACE_SECONDS })
    // Not ready from now on, still serving, so a load balancer that polls readiness takes this process out
    // before it stops accepting (docs/decisions/017-running-as-a-service.md).
    deps.lifecycle.startDraining()
    if (env.SHUTDOWN_GRACE_SECONDS > 0)
      await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_GRACE_SECONDS * 1000))
    // Stop accepting, let in-flight requests finish, then close the database (PGlite: CHECKPOINT first).
    const signalled = performance.now()
    const elapsedMs = () => Math.round(performance.now() - signalled)
    /** A step failed: the stop goes on (the data folder is still released), and the exit code says so. */
    let failed = false
    /** One step of the stop; one that takes long says so, so a slow stop names what it waits for. */
    const step = async (what: string, work: () => Promise<unknown> | undefined) => {
      const slow = setTimeout(() => logger.info('shutdown waiting', { for: what, ms: elapsedMs() }), 1000)
      slow.unref()
      try {
        await work()
      } catch (error) {
        failed = true
        logger.error('shutdown step failed', { step: what, error: (error as Error).message })
      } finally {
        clearTimeout(slow)
      }
    }
    server.close(async () => {
      // Deliveries under way finish (each within its timeout); what is still waiting stays in the outbox.
      await step('raid night start announcer', () => nightStarts.stop())
      await step('notification loop', () => notifications.stop())
      await step('outbox sender', () => deps.announcer.stop())
      await step('snapshot', () => snapshots?.stop())
      await step('autovacuum', () => autovacuum?.stop())
      await step('pending list merger', () => pendingListMerger.stop())
      await step('realtime listener', () => deps.realtime.stop())
      await step('metrics server', () => metricsServer?.close())
      await step('database close', () => database.close())
      unlock()
      logger.info('shut down', { signal, ms: elapsedMs(), ...(failed ? { failed: true } : {}) })
      process.exit(failed ? 1 : 0)
    })
    // Each connection is closed as soon as its last answer has ended: an event stream's answer said keep-alive
    // when it opened, before the stop, and its client (a browser, a proxy) would otherwise keep the connection,
    // and this process, until Node's keep-alive timeout. Swept on a clock rather than followed answer by answer:
    // a listener on every request cost the public read a fifth of its CPU (docs/performance.md, stop 68).
    connections.closeIdleConnections()
    const sweep = setInterval(() => connections.closeIdleConnections(), IDLE_SWEEP_MS)
    sweep.unref()
    // What the stop still waits for, said once a second until the last connection has closed.
    const waiting = setInterval(() => {
      connections.getConnections((_error, open) =>
        logger.info('shutdown waiting', {
          for: 'connections (requests under way, or still arriving)',
          connections: open,
          ms: elapsedMs(),
        }),
      )
    }, 1000)
    waiting.unref()
    server.once('close', () => {
      clearInterval(sweep)
      clearInterval(waiting)
    })
    // Every event stream tells its browser to reconnect (to another process) and ends.
    deps.realtime.endStreams()
    // A request still running after this long, or a stream whose client stopped reading, is cut off.
    setTimeout(() => connections.closeAllConnections(), IN_FLIGHT_LIMIT_MS).unref()
  }
  if (requestedStop) void shutdown(requestedStop)
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exit(1)
})
