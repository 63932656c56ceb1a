import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import * as schema from './schema'
import type { MaybePromise } from '../lib/maybe-promise'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
/** A transaction handle: the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type DbOrTx = Db | Tx

/**
 * Notification channel listener: returns a function that stops listening. `onResume` runs when the listening
 * connection came back after a drop: notifications sent meanwhile are lost, so listeners resynchronise.
 */
export type Listen = (
  channel: string,
  onPayload: (payload: string) => void,
  onResume?: () => void,
  onLost?: () => void,
) => Promise<() => Promise<void>>

export type Database = {
  kind: 'pglite' | 'postgres'
  db: Db
  listen: Listen
  /** Sends the payloads on `channel` in one statement, in order. */
  notify: (channel: string, ...payloads: string[]) => Promise<void>
  /**
   * Resolves once every notification committed before the call has reached this process's listeners
   * (false when no listening connection is up). Per-process caches fed by notifications answer only after
   * it, so they are never behind a write that finished before the request came in, from any process.
   * `since` (performance.now() of the request's arrival, default now): a barrier sent after it suffices,
   * so the checks of one request share one round trip.
   */
  caughtUp: (since?: number) => MaybePromise<boolean>
  ping: () => Promise<void>
  /** PostgreSQL only: the pool's connections now (metrics). */
  poolStats?: () => PoolStats
  close: () => Promise<void>
  /**
   * PGlite only: a tar of the data folder, taken between two statements after a CHECKPOINT (what a crash
   * would leave, so it opens like a database after a power cut). Queries wait while it is copied.
   */
  snapshot?: () => Promise<Blob>
}

export type PoolStats = { max: number; open: number; idle: number; waiting: number }

/** `select pg_notify($1, $2), pg_notify($1, $3), …`: one round trip for every event of a write. */
function notifyStatement(count: number) {
  return `select ${Array.from({ length: count }, (_, i) => `pg_notify($1, $${i + 2})`).join(', ')}`
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

type OpenOptions = {
  /** Apply pending migrations (default). The backup tools open without, to migrate step by step. */
  migrate?: boolean
}

/** Applies the migrations of `folder` (default: all of them) that the database has not applied yet. */
export async function migrateDatabase(database: Database, folder = migrationsFolder) {
  if (database.kind === 'pglite') await migratePglite(database.db as never, { migrationsFolder: folder })
  else await migratePg(database.db as never, { migrationsFolder: folder })
}

/**
 * PGlite's own start parameters, with a 32 MB buffer pool instead of PostgreSQL's 128 MB. PGlite zeroes its
 * whole shared memory as it opens, page by page: at 128 MB that was ~450 ms of a ~2 s start (issue 13), and
 * ~130 MB more memory in the process. Its data files sit in the system's file cache behind it, so a page
 * outside the pool costs a read call, not a disk read (docs/decisions/006-operations.md, "PGlite's buffer pool").
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB']

/**
 * PGlite in `dataDir` (or in memory when undefined), optionally filled from a snapshot tar (`loadDataDir`).
 * One connection: transactions run one at a time.
 */
export async function openPglite(
  dataDir?: string,
  options: OpenOptions & { loadDataDir?: Blob } = {},
): Promise<Database> {
  const client = await PGlite.create({
    // The history search's extensions (migration 0003): every open loads them, or a migrated database
    // could not run its searches or insert a history row (their folded columns call unaccent).
    extensions: { pg_trgm, unaccent },
    startParams: PGLITE_START_PARAMS,
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  })
  const db = drizzlePglite(client, { schema }) as unknown as Db
  if (options.migrate !== false) await migratePglite(db as never, { migrationsFolder })
  return {
    kind: 'pglite',
    db,
    snapshot: async () => {
      await client.exec('CHECKPOINT')
      return client.dumpDataDir('none')
    },
    listen: async (channel, onPayload) =>
      client.listen(channel, onPayload).then((stop) => async () => stop()),
    // One in-process connection: a notification reaches its listeners before the commit's promise settles.
    caughtUp: () => true,
    notify: async (channel, ...payloads) => {
      await client.query(notifyStatement(payloads.length), [channel, ...payloads])
    },
    ping: async () => {
      await client.query('select 1')
    },
    close: async () => {
      if (dataDir) await client.exec('CHECKPOINT')
      await client.close()
    },
  }
}

/**
 * Connections a process keeps to PostgreSQL unless DATABASE_POOL_SIZE says otherwise: twice the cores plus
 * one disk, the PostgreSQL wiki's rule for a server's most work ("Number Of Database Connections"), with
 * this machine's cores standing for the database's. More connections do not add throughput, they add
 * contention: on a 2-core machine, receipts over 20 items ran ~12 % faster with 5 connections than with 20,
 * and on one item ~18 % (docs/decisions/006-operations.md, "Connections").
 */
export const defaultPoolSize = () => 2 * availableParallelism() + 1

/**
 * How long a query waits for a connection, pooled or new, before it fails (503 SERVICE_UNAVAILABLE). Without
 * it a request would wait forever for a server that is down or unreachable; with it a request that needs the
 * database ends within this time (docs/decisions/017-running-as-a-service.md).
 */
export const CONNECT_TIMEOUT_MS = 5000

export async function openPostgres(
  url: string,
  options: OpenOptions & { max?: number } = {},
): Promise<Database> {
  const max = options.max ?? defaultPoolSize()
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A server that vanished without closing the connection (a network cut) is noticed by the kernel.
    keepAlive: true,
  })
  // An idle client that loses its server must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  // Neither may one that loses it while checked out between two statements (pg-pool listens only to idle
  // clients): its next statement fails, and the pool drops it when it is released.
  pool.on('connect', (client) => client.on('error', () => {}))
  const db = drizzlePg(pool, { schema }) as unknown as Db
  if (options.migrate !== false) await migratePg(db as never, { migrationsFolder })
  const listener = createListener(url)
  return {
    kind: 'postgres',
    db,
    listen: listener.listen,
    caughtUp: listener.caughtUp,
    notify: async (channel, ...payloads) => {
      await pool.query(notifyStatement(payloads.length), [channel, ...payloads])
    },
    ping: async () => {
      await pool.query('select 1')
    },
    poolStats: () => ({
      max,
      open: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: async () => {
      await listener.close()
      await pool.end()
    },
  }
}

/** Short and capped at 2 s: once PostgreSQL is back, the listener is too within 2 s (issue 44's 5 s). */
const RECONNECT_DELAYS_MS = [250, 500, 1000, 2000]

/**
 * One LISTEN connection per process, shared by every channel. If it drops (server restart, network), it is
 * re-opened with backoff and every channel is listened to again; then each channel's onResume runs.
 */
function createListener(url: string) {
  type Handler = { onPayload: (payload: string) => void; onResume?: () => void; onLost?: () => void }
  const handlers = new Map<string, Set<Handler>>()
  let client: pg.Client | undefined
  let connecting: Promise<pg.Client> | undefined
  let closed = false
  let attempt = 0

  const quote = (channel: string) => `"${channel.replace(/"/g, '')}"`

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const next = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        keepAlive: true,
      })
      next.on('notification', (msg) => {
        for (const h of handlers.get(msg.channel) ?? []) h.onPayload(msg.payload ?? '')
      })
      const lost = () => {
        if (client !== next) return
        client = undefined
        connecting = undefined
        inFlight = undefined
        pending = undefined
        caughtUpFrom = Number.NEGATIVE_INFINITY
        for (const set of handlers.values()) for (const h of set) h.onLost?.()
        if (!closed) scheduleReconnect()
      }
      next.on('error', lost)
      next.on('end', lost)
      try {
        await next.connect()
        for (const channel of handlers.keys()) await next.query(`LISTEN ${quote(channel)}`)
      } catch (error) {
        connecting = undefined
        await next.end().catch(() => {})
        throw error
      }
      client = next
      return next
    })()
    return connecting
  }

  const scheduleReconnect = () => {
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt++, RECONNECT_DELAYS_MS.length - 1)]
    setTimeout(async () => {
      if (closed) return
      try {
        await connect()
        attempt = 0
        for (const set of handlers.values()) for (const h of set) h.onResume?.()
      } catch {
        scheduleReconnect()
      }
    }, delay).unref()
  }

  // PostgreSQL signals listening backends at commit, and a backend hands over the notifications it was
  // signalled before it answers its next query: a query on this connection, sent after the call, therefore
  // comes back after every notification committed before it. Callers arriving while one is in flight share
  // the next one, so a busy process sends about one per round trip, not one per request. The query is
  // empty: PostgreSQL answers it with nothing to parse, plan or run, and hands the notifications over all
  // the same (a third less of its CPU per barrier than `select 1`; decision 009).
  let inFlight: Promise<boolean> | undefined
  let pending: Promise<boolean> | undefined
  /** When the newest barrier that came back was sent (performance.now()). */
  let caughtUpFrom = Number.NEGATIVE_INFINITY
  const send = (current: pg.Client): Promise<boolean> => {
    const sentAt = performance.now()
    const done: Promise<boolean> = current
      .query('')
      .then(
        () => {
          if (client !== current) return false
          caughtUpFrom = Math.max(caughtUpFrom, sentAt)
          return true
        },
        () => false,
      )
      .finally(() => {
        if (inFlight === done) inFlight = undefined
      })
    inFlight = done
    return done
  }
  const caughtUp = (since = performance.now()): MaybePromise<boolean> => {
    const current = client
    if (!current || closed) return false
    if (caughtUpFrom >= since) return true
    // One sent before this call does not count: a commit may have finished between its sending and now.
    if (pending) return pending
    if (!inFlight) return send(current)
    pending = inFlight.then(() => {
      pending = undefined
      return send(current)
    })
    return pending
  }

  const listen: Listen = async (channel, onPayload, onResume, onLost) => {
    const entry = { onPayload, onResume, onLost }
    const isNew = !handlers.has(channel)
    if (isNew) handlers.set(channel, new Set())
    handlers.get(channel)!.add(entry)
    try {
      const current = client ?? (await connect())
      // A fresh connection already listened to every known channel.
      if (isNew && current === client) await current.query(`LISTEN ${quote(channel)}`)
    } catch (error) {
      handlers.get(channel)?.delete(entry)
      throw error
    }
    return async () => {
      handlers.get(channel)?.delete(entry)
    }
  }

  return {
    listen,
    caughtUp,
    close: async () => {
      closed = true
      await client?.end().catch(() => {})
    },
  }
}
