import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { gunzip, gzip } from 'node:zlib'
import { type Database, openPglite } from '../../db/client'
import type { Logger } from '../../lib/logger'

// Automatic snapshots of the embedded database (docs/decisions/006-operations.md): once a day the running
// server copies its PGlite data folder into DATA_DIR/backups/snapshot-<time>.tar.gz and keeps the newest
// BACKUP_KEEP. The copy is taken under PGlite's query lock after a CHECKPOINT (queries paused 0.7 s for a
// 200 MB folder); compressing and writing happen afterwards, off the database.

export const SNAPSHOT_INTERVAL_MS = 24 * 3600 * 1000
/** After a start, the first snapshot waits this long, so it never competes with the start itself. */
export const FIRST_SNAPSHOT_DELAY_MS = 60_000

const PREFIX = 'snapshot-'
const SUFFIX = '.tar.gz'
const gzipAsync = promisify(gzip)
const gunzipAsync = promisify(gunzip)

/** snapshot-2030-05-01T08-00-00.000Z.tar.gz: sorts by time, and has no ':' (not allowed on every disk). */
export function snapshotName(at: Date): string {
  return `${PREFIX}${at.toISOString().replaceAll(':', '-')}${SUFFIX}`
}

export function snapshotTime(file: string): Date | null {
  const name = file.split('/').at(-1) ?? ''
  const match = /^snapshot-(\d{4}-\d{2}-\d{2}T\d{2})-(\d{2})-(\d{2}\.\d{3}Z)\.tar\.gz$/.exec(name)
  return match ? new Date(`${match[1]}:${match[2]}:${match[3]}`) : null
}

/** The folder's snapshots, oldest first. */
export function listSnapshots(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((name) => snapshotTime(name) !== null)
    .sort()
    .map((name) => join(dir, name))
}

/** Keeps the newest `keep` snapshots; also clears a half-written one a crash may have left. */
export function rotateSnapshots(dir: string, keep: number) {
  const all = listSnapshots(dir)
  for (const file of all.slice(0, Math.max(0, all.length - keep))) rmSync(file, { force: true })
  for (const name of readdirSync(dir)) {
    if (name.startsWith(PREFIX) && name.endsWith('.partial')) rmSync(join(dir, name), { force: true })
  }
}

/** Writes one snapshot now and rotates; the newest is always kept, even with keep = 0. */
export async function takeSnapshot(database: Database, dir: string, keep: number, now = new Date()) {
  if (!database.snapshot) throw new Error('Snapshots are for the embedded database (PGlite) only')
  const tar = await database.snapshot()
  const data = await gzipAsync(Buffer.from(await tar.arrayBuffer()))
  mkdirSync(dir, { recursive: true })
  const file = join(dir, snapshotName(now))
  writeFileSync(`${file}.partial`, data)
  renameSync(`${file}.partial`, file)
  rotateSnapshots(dir, Math.max(1, keep))
  return { file, bytes: data.length }
}

/** Opens a snapshot as an in-memory database (the snapshot file is only read), to dump or inspect it. */
export async function openSnapshot(file: string): Promise<Database> {
  const tar = await gunzipAsync(readFileSync(file))
  return openPglite(undefined, { loadDataDir: new Blob([tar]), migrate: false })
}

/** How long to wait for the next automatic snapshot: a day after the newest one, never sooner than `minMs`. */
export function nextSnapshotDelay(newest: Date | null, now: Date, minMs = FIRST_SNAPSHOT_DELAY_MS) {
  if (!newest) return minMs
  return Math.max(minMs, newest.getTime() + SNAPSHOT_INTERVAL_MS - now.getTime())
}

export type Snapshots = {
  /** Takes one now (or joins the one under way): `npm run backup` asks a running server for this. */
  takeNow: () => Promise<void>
  /** No new snapshots; waits for one under way, so the database is not closed in the middle of it. */
  stop: () => Promise<void>
}

export function startSnapshots(input: {
  database: Database
  dir: string
  keep: number
  logger: Logger
  firstDelayMs?: number
}): Snapshots {
  const { database, dir, keep, logger } = input
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | null = null
  let stopped = false

  const take = () => {
    running ??= (async () => {
      const started = performance.now()
      try {
        const { file, bytes } = await takeSnapshot(database, dir, keep)
        logger.info('snapshot written', { file, bytes, ms: Math.round(performance.now() - started) })
      } catch (error) {
        logger.error('snapshot failed', { error: (error as Error).message })
      } finally {
        running = null
      }
    })()
    return running
  }

  const schedule = () => {
    if (stopped || keep === 0) return
    const newest = listSnapshots(dir).at(-1)
    const delay = nextSnapshotDelay(newest ? snapshotTime(newest) : null, new Date(), input.firstDelayMs)
    timer = setTimeout(async () => {
      await take()
      schedule()
    }, delay)
    // A pending snapshot never keeps the process alive.
    timer.unref()
  }
  schedule()

  return {
    takeNow: () => (stopped ? Promise.resolve() : take()),
    stop: async () => {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
