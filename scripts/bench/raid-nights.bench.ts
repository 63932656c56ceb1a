// Receipts during a running raid night against plain receipts, in the same run and on the same app (issue 41:
// "filling attendance for 40 players and awarding during an event cost no more per award than today's
// receipt"). Two guilds of 40 players, each with 20 items queued with everyone: one without a night (today's
// receipt), one with a night running whose 40 players are all marked, six of them away (excused, bench and
// no-show among the first three of every queue) and the guild's rule marking no-shows absent, the costlier
// one. Each award goes to whoever is next tonight, so every award passes over the excused and bench players
// still ahead (an audit row each) and marks any no-show ahead absent (a re-sort). A third guild runs a night
// where everyone is present: its awards pay for the night itself (linked, locked, checked, the away marks
// looked up and none found) and not for the pass rule's work, so the two ratios tell those costs apart
// (docs/performance.md, "Where a night award's cost goes"). Every award sends the body the dashboard sends
// with a receipt (web/features/queues/api/mark-received.ts: the queue's version, and the night's id during a
// night), so the plain receipt pays for reading a body as the night's award does; until 2026-12-07 the plain
// one sent none, and the night's ratio carried the body's cost (~40 µs of the server's CPU, decision 016,
// stop 56) as if it were the night's. The app is served as the queue-writes bench
// serves it (scripts/bench/served-app.ts); the rounds alternate the guilds and each ratio is the median of
// each round's night/plain.
import { sql } from 'drizzle-orm'
import { DEFAULT_TIME_ZONE } from '../../contract/raid-nights'
import { zonedParts } from '../../contract/zoned-time'
import { formatLine, type Line, type LoadResult, load, type RequestSpec } from './load'
import { postmasterOf, treeCpuMs } from './npm-start'
import { itemIdsOf, queueEveryone, seedGuild } from './seed-guild'
import { serveBenchApp } from './served-app'
import { type BenchContext, median } from './support'
import type { NightAttendance } from '../../contract/enums'

const PLAYERS = 40
const ITEMS = 20
const CLIENTS = 20
// Short windows, many rounds: a durable PostgreSQL's checkpoints and autovacuum slow the machine for seconds
// at a time, and a round's two windows side by side see the same weather (one round in five was off by 25 %
// with windows of 5 s).
const WINDOW = {
  connections: CLIENTS,
  seconds: Number(process.env.BENCH_SECONDS ?? 3),
  warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 1),
}
/** Rounds of plain and night receipts in turn (the order swapped every other round), as queue-writes does. */
const ROUNDS = 9
/** Today's receipt, awards during a night with six away, and during a night where everyone is present. */
const KINDS = ['plain', 'night', 'present'] as const
type Kind = (typeof KINDS)[number]
/** Attendance fills timed (40 marks each, alternating two sets so that every fill writes). */
const FILLS = 10
/** "No more per award than today's receipt", within this shared machine's noise (~5 %). */
const GOAL_PERCENT = 90

/** Tonight's marks by player number (1-based, the queue's order after add-all); everyone else present. */
const AWAY: Record<number, NightAttendance> = {
  1: 'excused',
  2: 'bench',
  3: 'no_show',
  10: 'bench',
  20: 'excused',
  30: 'no_show',
}

/** A player's mark tonight in the six-away night, by the number in their name; none: present. */
const awayMark = (playerName: string): NightAttendance | undefined =>
  AWAY[Number(playerName.replace(/\D/g, ''))]

/** Now minus a minute on the guild's clock, as the events form takes a date and a start time. */
function startingNow() {
  const { date, time } = zonedParts(new Date(Date.now() - 60_000), DEFAULT_TIME_ZONE)
  return { date, startTime: time }
}

type Guild = {
  id: string
  cookie: string
  items: string[]
  call: Awaited<ReturnType<typeof seedGuild>>['call']
}

export default async function raidNightsBench(bench: BenchContext) {
  const { database, ctx, base, close } = await serveBenchApp(bench)
  const report = (line: Line) => {
    bench.lines.push(line)
    console.log(`[raid-nights] ${bench.engine}: ${formatLine(line)}`)
  }
  const json = async <T>(res: Response | Promise<Response>, what: string): Promise<T> => {
    const answer = await res
    if (!answer.ok) throw new Error(`${what}: ${answer.status} ${await answer.text()}`)
    return (await answer.json()) as T
  }

  async function seed(name: string): Promise<Guild> {
    const { guild, member, call } = await seedGuild(ctx, {
      name: `Bench Nights ${name} ${Date.now()}`,
      players: PLAYERS,
      items: ITEMS,
    })
    const items = await itemIdsOf(call)
    await queueEveryone(call, items)
    return { id: guild.id, cookie: member.cookie, items, call }
  }

  /**
   * The night, running since a minute ago, its 40 players marked (six away, or everyone present); answers
   * its id and the fill times (ms).
   */
  async function runNight(guild: Guild, withAway: boolean) {
    // The seed's member is no admin (who sets the rule on the guild page): written straight into the guild.
    await database.db.execute(sql`update guilds set no_show_rule = 'absent' where id = ${guild.id}`)
    const night = await json<{ id: string }>(
      guild.call('POST', '/api/v1/raid-nights', { name: 'Raid de quinta', ...startingNow() }),
      'night',
    )
    const detail = await json<{ attendanceRows: { playerId: string; playerName: string }[] }>(
      guild.call('GET', `/api/v1/raid-nights/${night.id}`),
      'night detail',
    )
    const marks = (away: boolean) =>
      detail.attendanceRows.map((row) => ({
        playerId: row.playerId,
        status: (away && awayMark(row.playerName)) || 'present',
      }))
    const fills: number[] = []
    // The last fill leaves tonight's marks (FILLS is even: all present, then tonight's, in turn); a night
    // where everyone is present is filled once.
    for (let i = 0; i < (withAway ? FILLS : 1); i++) {
      const started = performance.now()
      const { changed } = await json<{ changed: number }>(
        guild.call('PUT', `/api/v1/raid-nights/${night.id}/attendance`, {
          entries: marks(withAway && i % 2 === 1),
        }),
        'attendance',
      )
      fills.push(performance.now() - started)
      if (i > 0 && changed !== Object.keys(AWAY).length) throw new Error(`attendance: ${changed} changed`)
    }
    return { nightId: night.id, fills }
  }

  /**
   * Receipts of each item, in turn, for the players in its queue's order: every one of them for the plain
   * guild; those here for the night's (an award to whoever is next tonight, as the queue panel offers).
   */
  async function receipts(
    guild: Guild,
    night: { id: string; withAway: boolean } | null,
  ): Promise<RequestSpec[]> {
    // As a browser asks: an answer of 1 kB or more (one that lists the players passed over) comes gzipped.
    const headers = {
      cookie: guild.cookie,
      origin: base,
      accept: 'application/json',
      'accept-encoding': 'gzip, deflate, br',
    }
    const orders: string[][] = []
    for (const itemId of guild.items) {
      const view = await json<{ entries: { id: string; playerName: string }[] }>(
        fetch(`${base}/api/v1/items/${itemId}/queue`, { headers }),
        'queue',
      )
      const here = view.entries.filter((e) => !night?.withAway || !awayMark(e.playerName))
      orders.push(here.map((e) => e.id))
    }
    // The body the dashboard sends with every receipt, the night's id during a night: the queue's version on
    // screen is left unchecked (null), which a load generator replaying fixed requests cannot know.
    const body = JSON.stringify({ queueVersion: null, ...(night ? { raidNightId: night.id } : {}) })
    const specs: RequestSpec[] = []
    for (let i = 0; i < orders[0]!.length; i++) {
      for (const order of orders) {
        specs.push({
          method: 'POST',
          path: `/api/v1/queue-entries/${order[i]}/received`,
          headers: { ...headers, 'content-type': 'application/json' },
          body,
        })
      }
    }
    return specs
  }

  const allOk = (result: LoadResult) =>
    Object.keys(result.statuses).length === 1 && (result.statuses['200'] ?? 0) > 0

  try {
    const baseline = await bench.baseline()
    const plain = await seed('plain')
    const nightly = await seed('night')
    const everyone = await seed('present')
    const { nightId, fills } = await runNight(nightly, true)
    const { nightId: presentNightId } = await runNight(everyone, false)
    report({
      name: `fill attendance for ${PLAYERS} players (one PUT), median of ${FILLS}`,
      value: median(fills),
      unit: 'ms',
      goal: '—',
      pass: true,
    })
    const specs: Record<Kind, RequestSpec[]> = {
      plain: await receipts(plain, null),
      night: await receipts(nightly, { id: nightId, withAway: true }),
      present: await receipts(everyone, { id: presentNightId, withAway: false }),
    }
    const runs: Record<Kind, LoadResult[]> = { plain: [], night: [], present: [] }
    // PostgreSQL's CPU time per award (its postmaster and backends, /proc), beside the rates: the cost the
    // database pays, whatever the machine's weather.
    const postmaster = bench.engine === 'postgres' ? await postmasterOf(database) : null
    const databaseCpu: Record<Kind, number[]> = { plain: [], night: [], present: [] }
    const measured = async (kind: Kind) => {
      await load(base, specs[kind], { ...WINDOW, seconds: WINDOW.warmupSeconds, warmupSeconds: 0 })
      const before = postmaster ? treeCpuMs(postmaster) : 0
      const run = await load(base, specs[kind], { ...WINDOW, warmupSeconds: 0 })
      if (postmaster) databaseCpu[kind].push((treeCpuMs(postmaster) - before) / Math.max(1, run.requests))
      runs[kind].push(run)
    }
    for (let round = 0; round < ROUNDS; round++) {
      // Plain receipts first in one round and last in the next, the nights between them.
      for (const kind of round % 2 === 0 ? KINDS : [...KINDS].reverse()) await measured(kind)
    }
    const ratiosOf = (kind: Kind) => runs[kind].map((run, i) => (run.rps / runs.plain[i]!.rps) * 100)
    const rounds = (kind: Kind) =>
      `${kind} ${runs[kind].map((r) => r.rps.toFixed(0)).join(', ')} ops/s` +
      (postmaster
        ? `, PostgreSQL CPU ${databaseCpu[kind].map((ms) => ms.toFixed(2)).join(', ')} ms/award`
        : '') +
      (kind === 'plain'
        ? ''
        : `, ratio ${ratiosOf(kind)
            .map((r) => r.toFixed(0))
            .join(', ')} %`)
    console.log(`[raid-nights] ${bench.engine}: rounds ${KINDS.map(rounds).join('; ')}`)
    const all = KINDS.flatMap((kind) => runs[kind])
    const ok = all.every(allOk)
    const statuses = ok ? '' : ` (answers: ${JSON.stringify(all.map((r) => r.statuses))})`
    /** Each night's marks, as its lines name them. */
    const tonight = { night: '6 away', present: 'everyone present' } as const
    for (const kind of KINDS) {
      const label =
        kind === 'plain'
          ? `mark received, no night (today's receipt)`
          : `mark received during a night, ${PLAYERS} marked, ${tonight[kind]}`
      report({
        name: `${label}, ${CLIENTS} clients over ${ITEMS} items of ${PLAYERS}${statuses}`,
        value: median(runs[kind].map((r) => r.rps)),
        unit:
          `ops/s (p50 ${median(runs[kind].map((r) => r.p50)).toFixed(1)} ms, p99 ${median(runs[kind].map((r) => r.p99)).toFixed(1)} ms` +
          (postmaster ? `, PostgreSQL CPU ${median(databaseCpu[kind]).toFixed(2)} ms/award)` : ')'),
        baseline,
        goal: '—',
        pass: ok,
      })
    }
    for (const kind of ['night', 'present'] as const) {
      const ratio = median(ratiosOf(kind))
      report({
        name: `awards during a night, ${tonight[kind]}, as a share of plain receipts, ops/s (median of ${ROUNDS} rounds)`,
        value: ratio,
        unit: '%',
        goal: `≥ ${GOAL_PERCENT} %`,
        pass: ok && ratio >= GOAL_PERCENT,
      })
    }
  } finally {
    await close()
  }
}
