import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client'
import type { Database } from '../../db/client'
import { pendingBacklog } from '../integrations/outbox.queries'
import type { ReadCache } from '../read-cache'
import type { Realtime } from '../realtime'
import { requestHistogram } from './request-histogram'

// What an operator watches a process with, in Prometheus' text format (docs/decisions/017-running-as-a-service.md).
// Collected from the platform layer only: the request middleware (server/platform/metrics/http-metrics.ts),
// the pool, the read cache, the realtime hub and the rate limiter; the product's modules do not know they are
// watched. Label values are route templates and small fixed sets, never a slug, an id or a raw path.

/** Seconds; request latencies on this product run from ~0.1 ms (a cached read) to seconds (an import). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
/** A scrape waits this long at most for the database's figures (the outbox backlog), then leaves them out. */
const SCRAPE_QUERY_TIMEOUT_MS = 2000

export type Metrics = ReturnType<typeof createMetrics>

export function createMetrics(sources: { database: Database; realtime: Realtime; readCache: ReadCache }) {
  const { database, realtime, readCache } = sources
  const registry = new Registry()
  const registers = [registry]

  const requestDuration = requestHistogram(registry, {
    name: 'lootqueue_http_request_duration_seconds',
    help: 'Requests by method, route template and status: time from arrival to the answer (its _count counts requests)',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
  })
  const queueWriteDuration = requestHistogram(registry, {
    name: 'lootqueue_queue_write_duration_seconds',
    help: 'Queue writes (received, absent, penalties, reorder, add, undo…) by route template and status: time from arrival to the answer',
    labelNames: ['route', 'status'],
    buckets: LATENCY_BUCKETS,
  })
  const rateLimitRefusals = new Counter({
    name: 'lootqueue_rate_limit_refusals_total',
    help: 'Attempts refused by a rate limit, by limit (auth, signup, invite-lookup, public, import)',
    labelNames: ['limit'] as const,
    registers,
  })
  /** Cached reads answered before the router (server/lib/reads-before-router.ts): each one is a hit. */
  let hitsBeforeRouter = 0

  new Gauge({
    name: 'lootqueue_event_streams',
    help: 'Server-sent event streams open on this process (dashboards and public pages)',
    registers,
    collect() {
      this.set(realtime.streamCount())
    },
  })
  new Gauge({
    name: 'lootqueue_realtime_listening',
    help: '1 while this process listens for changes (LISTEN connection up), else 0: caches are bypassed and streams hear nothing',
    registers,
    collect() {
      this.set(realtime.listening() ? 1 : 0)
    },
  })

  /** A total kept by the read cache itself, handed to Prometheus as the counter it is at each scrape. */
  const readCacheCounter = (name: string, help: string, read: () => number) =>
    new Counter({
      name,
      help,
      registers,
      collect() {
        this.reset()
        this.inc(read())
      },
    })
  const readCacheGauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read())
      },
    })
  readCacheCounter(
    'lootqueue_read_cache_hits_total',
    'Reads answered from the read cache (or from a fill another request had started)',
    () => readCache.stats().hits + hitsBeforeRouter,
  )
  readCacheCounter(
    'lootqueue_read_cache_misses_total',
    'Reads the read cache could not answer: read from the database, then kept',
    () => readCache.stats().misses,
  )
  readCacheCounter(
    'lootqueue_read_cache_evictions_total',
    'Cached entries dropped to stay within READ_CACHE_MB (least recently used guild first)',
    () => readCache.stats().evictions,
  )
  readCacheGauge(
    'lootqueue_read_cache_bytes',
    'Bytes the read cache counts against its budget',
    () => readCache.stats().bytes,
  )
  readCacheGauge(
    'lootqueue_read_cache_max_bytes',
    'The read cache budget (READ_CACHE_MB)',
    () => readCache.stats().maxBytes,
  )
  readCacheGauge(
    'lootqueue_read_cache_guilds',
    'Guilds with something in the read cache',
    () => readCache.stats().guilds,
  )

  const pool = database.poolStats
  if (pool) {
    new Gauge({
      name: 'lootqueue_db_pool_connections',
      help: 'Connections of this process to PostgreSQL, by state (in_use, idle)',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const { open, idle } = pool()
        this.set({ state: 'in_use' }, open - idle)
        this.set({ state: 'idle' }, idle)
      },
    })
    new Gauge({
      name: 'lootqueue_db_pool_waiting',
      help: 'Queries waiting for a free connection of the pool',
      registers,
      collect() {
        this.set(pool().waiting)
      },
    })
    new Gauge({
      name: 'lootqueue_db_pool_max_connections',
      help: 'The pool size (DATABASE_POOL_SIZE)',
      registers,
      collect() {
        this.set(pool().max)
      },
    })
  }

  const backlog = sharedWithTimeout(() => pendingBacklog(database.db), SCRAPE_QUERY_TIMEOUT_MS)
  new Gauge({
    name: 'lootqueue_outbox_pending',
    help: 'Discord and webhook announcements waiting in the outbox, every guild (absent while the database cannot be read)',
    registers,
    async collect() {
      this.reset()
      const found = await backlog()
      if (found) this.set(found.count)
    },
  })
  new Gauge({
    name: 'lootqueue_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest announcement waiting in the outbox (0 when none waits)',
    registers,
    async collect() {
      this.reset()
      const found = await backlog()
      if (found) this.set(found.oldest ? Math.max(0, (Date.now() - found.oldest.getTime()) / 1000) : 0)
    },
  })

  return {
    registry,
    /** Process memory, CPU, event-loop delay and garbage collection: once per process (server/main.ts). */
    collectProcessMetrics: () => collectDefaultMetrics({ register: registry }),
    requestDuration,
    queueWriteDuration,
    countHitBeforeRouter: () => {
      hitsBeforeRouter++
    },
    countRateLimitRefusal: (limit: string) => rateLimitRefusals.inc({ limit }),
    /** The exposition text and its content type. */
    expose: async () => ({ text: await registry.metrics(), contentType: registry.contentType }),
  }
}

/**
 * `load`, shared by the gauges that ask while it runs (the gauges of one scrape), and given up after `ms`
 * (null, as when it fails): a scrape answers in time even while the database is away.
 */
function sharedWithTimeout<T>(load: () => Promise<T>, ms: number): () => Promise<T | null> {
  let running: Promise<T | null> | undefined
  return () => {
    running ??= new Promise<T | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), ms)
      load()
        .then(resolve, () => resolve(null))
        .finally(() => clearTimeout(timer))
    }).finally(() => {
      running = undefined
    })
    return running
  }
}
