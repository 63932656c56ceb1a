import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { fileURLToPath } from 'node:url'
import * as schema from './schema'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
/** A transaction handle: the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type DbOrTx = Db | Tx

/** Notification channel listener: returns a function that stops listening. */
export type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>

export type Database = {
  kind: 'pglite' | 'postgres'
  db: Db
  listen: Listen
  notify: (channel: string, payload: string) => Promise<void>
  ping: () => Promise<void>
  close: () => Promise<void>
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/** PGlite in `dataDir` (or in memory when undefined). One connection: transactions run one at a time. */
export async function openPglite(dataDir?: string): Promise<Database> {
  const client = await PGlite.create(dataDir ? { dataDir } : undefined)
  const db = drizzlePglite(client, { schema }) as unknown as Db
  await migratePglite(db as never, { migrationsFolder })
  return {
    kind: 'pglite',
    db,
    listen: async (channel, onPayload) =>
      client.listen(channel, onPayload).then((stop) => async () => stop()),
    notify: async (channel, payload) => {
      await client.query('select pg_notify($1, $2)', [channel, payload])
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

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 })
  // An idle client that loses its server must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  const db = drizzlePg(pool, { schema }) as unknown as Db
  await migratePg(db as never, { migrationsFolder })
  let listener: pg.Client | undefined
  const handlers = new Map<string, Set<(payload: string) => void>>()
  return {
    kind: 'postgres',
    db,
    listen: async (channel, onPayload) => {
      if (!listener) {
        listener = new pg.Client({ connectionString: url })
        listener.on('error', () => {})
        await listener.connect()
        listener.on('notification', (msg) => {
          for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? '')
        })
      }
      if (!handlers.has(channel)) {
        handlers.set(channel, new Set())
        await listener.query(`LISTEN "${channel.replace(/"/g, '')}"`)
      }
      handlers.get(channel)!.add(onPayload)
      return async () => {
        handlers.get(channel)?.delete(onPayload)
      }
    },
    notify: async (channel, payload) => {
      await pool.query('select pg_notify($1, $2)', [channel, payload])
    },
    ping: async () => {
      await pool.query('select 1')
    },
    close: async () => {
      await listener?.end().catch(() => {})
      await pool.end()
    },
  }
}
