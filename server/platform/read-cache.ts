import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import type { GuildEvent, Realtime } from './realtime'
import { andThen, type MaybePromise } from '../lib/maybe-promise'

// Per-process cache of serialised read answers (public view and queues; the dashboard's queues, item list,
// counters and overview; the history's stat cards), per guild.
// Never expired by a timer: writes publish realtime events (and guild rows notify through triggers), and
// each event drops what it can affect. A cached answer is served only after realtime.caughtUp(), so it is
// never behind a write that finished before the request arrived, in this process or another
// (docs/decisions/009-cached-reads.md).
// Bounded: answers and gate rows count against one budget (READ_CACHE_MB), and past it the guild used least
// recently loses its entries first (docs/decisions/017-running-as-a-service.md).

/**
 * What a cached answer is, inside its guild: a guild-wide page (the public view, the dashboard's item list,
 * its counters, the overview, the history's stat cards: each counts over every queue or the whole history),
 * or something of one item. `variant`: what the browser sent that the answer depends on (the start of its
 * "today", its language and the item in its address).
 */
export type BodyKey =
  | { kind: 'public-view' | 'items' | 'overview' | 'tonight' | 'history-stats' }
  | { kind: 'items-summary'; variant: string }
  // The public guild page's HTML (server/modules/public/public-page.ts): per language and chosen item. A
  // guild-wide key, so any change of the guild drops it, as it does the public view it is made from.
  | { kind: 'public-page'; variant: string }
  | { kind: 'public-queue' | 'queue'; itemId: string }

export type CachedBody = {
  etag: string
  raw: Buffer
  gzip: Buffer | null
  /** Answers that show time-derived fields (an active penalty, an undo window) are right in [from, until). */
  from: number
  until: number
}

/** The version a fill started from: stored only if nothing of the guild was invalidated meanwhile. */
export type FillTicket = { guildId: string; version: number; epoch: number }

/** Answers smaller than this are sent as they are (hono/compress's threshold too). */
export const GZIP_THRESHOLD = 1024
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024
/**
 * What an entry costs beside its bytes, counted against the budget: the objects around them (the answer,
 * two Buffers, its tag, the key, the Map entry). Measured with 2,000 guilds' public pages
 * (scripts/cache-memory.ts): the process grew by about the counted bytes.
 */
const ENTRY_OVERHEAD = 400

/** `item/<id>/<kind>` for an item's answers, `guild/<kind>[/<variant>]` for the guild-wide pages. */
function keyOf(key: BodyKey): string {
  if ('itemId' in key) return `item/${key.itemId}/${key.kind}`
  if ('variant' in key) return `guild/${key.kind}/${key.variant}`
  return `guild/${key.kind}`
}

/**
 * `bytes` in memory of exactly their size. A kept answer must not hold more than it counts: gzipSync answers a
 * view of its 16 kB work buffer (a 2 kB gzip kept 16 kB alive), and a small Buffer.from is a slice of an 8 kB
 * slab shared with others, which one kept slice keeps whole. Measured with 2,000 guilds' public pages
 * (scripts/cache-memory.ts): the process grew ~4× what the cache counted before this copy.
 */
function exactCopy(bytes: Uint8Array): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.length)
  copy.set(bytes)
  return copy
}

export function encodeBody(json: string, from: number, until: number): CachedBody {
  const encoded = Buffer.from(json)
  const hash = createHash('sha1').update(encoded).digest('base64url')
  const raw = exactCopy(encoded)
  // Weak: the gzip and identity answers carry the same tag (they are the same JSON).
  return {
    etag: `W/"${hash}"`,
    raw,
    gzip: raw.length >= GZIP_THRESHOLD ? exactCopy(gzipSync(raw)) : null,
    from,
    until,
  }
}

export type ReadCacheStats = {
  /** Answers served from the cache, or from a fill another request had started. */
  hits: number
  /** Answers this process had to read from the database. */
  misses: number
  /** Entries dropped to stay within the budget. */
  evictions: number
  bytes: number
  maxBytes: number
  guilds: number
}

export type ReadCache = ReturnType<typeof createReadCache>

/** One guild's entries: its answers by key, and the lookup keys of its cached rows. */
type GuildEntries = { answers: Map<string, CachedBody>; rowKeys: Set<string> }
type CachedRow = { guildId: string; value: unknown; size: number }

export function createReadCache(realtime: Realtime, { maxBytes = DEFAULT_MAX_BYTES } = {}) {
  /** In order of use: the least recently used guild first (a Map keeps insertion order; a use re-inserts). */
  const guilds = new Map<string, GuildEntries>()
  let lastUsed: string | undefined
  const versions = new Map<string, number>()
  let epoch = 0
  let bytes = 0
  const stats = { hits: 0, misses: 0, evictions: 0 }
  // Moves whenever anything may have been dropped (an event, a row change, a reset, an eviction): what was
  // decided from the cache alone holds while it has not moved (server/lib/reads-before-router.ts).
  let drops = 0

  /** Fills under way, per guild and key: concurrent misses wait for one instead of each querying. */
  const fills = new Map<string, { ticket: FillTicket; done: Promise<CachedBody | null> }>()
  const current = (ticket: FillTicket) =>
    ticket.epoch === epoch && (versions.get(ticket.guildId) ?? 0) === ticket.version
  const validAt = (body: CachedBody | null | undefined, now: number): body is CachedBody =>
    !!body && body.from <= now && now < body.until

  /** Marks the guild as used now; a raid reading one guild over and over costs one comparison. */
  const use = (guildId: string, entries: GuildEntries) => {
    if (lastUsed === guildId) return
    guilds.delete(guildId)
    guilds.set(guildId, entries)
    lastUsed = guildId
  }
  const entriesOf = (guildId: string) => {
    let entries = guilds.get(guildId)
    if (!entries) {
      entries = { answers: new Map(), rowKeys: new Set() }
      guilds.set(guildId, entries)
      lastUsed = guildId
    } else use(guildId, entries)
    return entries
  }
  const answersOf = (guildId: string) => guilds.get(guildId)?.answers
  const forgetIfEmpty = (guildId: string, entries: GuildEntries) => {
    if (entries.answers.size > 0 || entries.rowKeys.size > 0) return
    guilds.delete(guildId)
    if (lastUsed === guildId) lastUsed = undefined
  }

  // Guild rows by a lookup key (the public gate's slug), dropped with everything else of their guild.
  const rows = new Map<string, CachedRow>()
  let rowsVersion = 0
  const deleteRow = (key: string) => {
    const row = rows.get(key)
    if (!row) return
    rows.delete(key)
    bytes -= row.size
    guilds.get(row.guildId)?.rowKeys.delete(key)
  }
  const dropRows = (guildId: string) => {
    rowsVersion++
    drops++
    const entries = guilds.get(guildId)
    if (!entries) return
    for (const key of entries.rowKeys) deleteRow(key)
    forgetIfEmpty(guildId, entries)
  }

  const sizeOf = (body: CachedBody) => body.raw.length + (body.gzip?.length ?? 0) + ENTRY_OVERHEAD
  const bump = (guildId: string) => {
    drops++
    versions.set(guildId, (versions.get(guildId) ?? 0) + 1)
  }

  const dropWhere = (guildId: string, match: (key: string) => boolean) => {
    bump(guildId)
    const entries = guilds.get(guildId)
    if (!entries) return
    for (const [key, body] of entries.answers) {
      if (!match(key)) continue
      entries.answers.delete(key)
      bytes -= sizeOf(body)
    }
    forgetIfEmpty(guildId, entries)
  }
  const dropGuild = (guildId: string) => {
    dropRows(guildId)
    dropWhere(guildId, () => true)
  }

  /** What an event can change: an item's answers and the guild-wide pages (counts), or everything. */
  const onEvent = (event: GuildEvent) => {
    if (event.topic === 'members') return
    const { itemId } = event
    if (itemId && event.topic !== 'players' && event.topic !== 'guild') {
      dropWhere(event.guildId, (key) => key.startsWith(`item/${itemId}/`) || key.startsWith('guild/'))
    } else dropGuild(event.guildId)
  }

  realtime.watch({
    event: onEvent,
    row: (change) => {
      if ('guildId' in change) dropGuild(change.guildId)
    },
    reset: () => {
      epoch++
      rowsVersion++
      drops++
      guilds.clear()
      lastUsed = undefined
      rows.clear()
      bytes = 0
    },
  })

  /** Past the budget, the least recently used guilds lose their answers (oldest first), then their rows. */
  const evictOverBudget = () => {
    drops++
    for (const [guildId, entries] of guilds) {
      for (const [key, body] of entries.answers) {
        if (bytes <= maxBytes) return
        entries.answers.delete(key)
        bytes -= sizeOf(body)
        stats.evictions++
      }
      for (const key of entries.rowKeys) {
        if (bytes <= maxBytes) return
        deleteRow(key)
        stats.evictions++
      }
      forgetIfEmpty(guildId, entries)
    }
  }

  /** Take before reading what will be stored. */
  const ticket = (guildId: string): FillTicket => {
    return { guildId, version: versions.get(guildId) ?? 0, epoch }
  }

  const store = (ticket: FillTicket, key: BodyKey, body: CachedBody) => {
    const { guildId } = ticket
    if (!current(ticket)) return
    const { answers } = entriesOf(guildId)
    const previous = answers.get(keyOf(key))
    if (previous) bytes -= sizeOf(previous)
    answers.set(keyOf(key), body)
    bytes += sizeOf(body)
    if (bytes > maxBytes) evictOverBudget()
  }

  return {
    /** A count that moves whenever anything cached may have been dropped; read after `caughtUp`. */
    drops: () => drops,
    stats: (): ReadCacheStats => ({ ...stats, bytes, maxBytes, guilds: guilds.size }),
    /** A guild row cached under `key`, once every earlier write is known here. */
    async row<T>(
      key: string,
      load: () => Promise<(T & { id: string }) | undefined>,
      arrivedAt?: number,
    ): Promise<T | undefined> {
      if (rows.has(key) && (await realtime.caughtUp(arrivedAt))) {
        const cached = rows.get(key)
        if (cached) {
          use(cached.guildId, guilds.get(cached.guildId)!)
          return cached.value as T
        }
      }
      const version = rowsVersion
      const startEpoch = epoch
      const value = await load()
      if (value && version === rowsVersion && startEpoch === epoch) {
        deleteRow(key)
        const size = key.length + JSON.stringify(value).length + ENTRY_OVERHEAD
        rows.set(key, { guildId: value.id, value, size })
        entriesOf(value.id).rowKeys.add(key)
        bytes += size
        if (bytes > maxBytes) evictOverBudget()
      }
      return value
    },
    /** The guild row cached under `key` (see `row`), without loading it: undefined when not kept. */
    cachedRow<T>(key: string, arrivedAt?: number): MaybePromise<T | undefined> {
      if (!rows.has(key)) return undefined
      return andThen(realtime.caughtUp(arrivedAt), (ok) => {
        const cached = ok ? rows.get(key) : undefined
        if (!cached) return undefined
        use(cached.guildId, guilds.get(cached.guildId)!)
        return cached.value as T
      })
    },
    /** A cached answer valid at `now`, once every earlier write is known here; null means: compute it. */
    get(guildId: string, key: BodyKey, now: number, arrivedAt?: number): MaybePromise<CachedBody | null> {
      if (!answersOf(guildId)?.size) return null
      return andThen(realtime.caughtUp(arrivedAt), (ok) => {
        const entries = ok ? guilds.get(guildId) : undefined
        const body = entries?.answers.get(keyOf(key))
        if (!validAt(body, now)) return null
        use(guildId, entries!)
        return body
      })
    },
    /**
     * The answer of `key`: cached, or the one a fill already under way will store, or `fill`'s own (then
     * stored). A fill is joined only when no invalidation reached this process since it took its ticket, once
     * every write that finished before the request is known here (as for a cached answer): so it read after
     * all of them. `own`: this call ran `fill` (null from `fill`: not cacheable, the caller answers itself).
     */
    async through(
      guildId: string,
      key: BodyKey,
      now: number,
      arrivedAt: number | undefined,
      fill: () => Promise<CachedBody | null>,
    ): Promise<{ body: CachedBody | null; own: boolean }> {
      const id = `${guildId} ${keyOf(key)}`
      if ((answersOf(guildId)?.size || fills.has(id)) && (await realtime.caughtUp(arrivedAt))) {
        const entries = guilds.get(guildId)
        const cached = entries?.answers.get(keyOf(key))
        if (validAt(cached, now)) {
          use(guildId, entries!)
          stats.hits++
          return { body: cached, own: false }
        }
        const running = fills.get(id)
        if (running && current(running.ticket)) {
          const body = await running.done
          if (validAt(body, now)) {
            stats.hits++
            return { body, own: false }
          }
        }
      }
      stats.misses++
      const fillTicket = ticket(guildId)
      const entry = { ticket: fillTicket, done: fill() }
      fills.set(id, entry)
      try {
        const body = await entry.done
        if (body) store(fillTicket, key, body)
        return { body, own: true }
      } finally {
        if (fills.get(id) === entry) fills.delete(id)
      }
    },
    ticket,
    store,
  }
}
