// The one HTTP load generator of the benches, and the baseline every HTTP figure is compared with: a bare
// Hono hello-world served by @hono/node-server in the same run, so a ratio means the same on any machine.
// The client is a few lines over raw keep-alive sockets (no parser, no dependency): it stays cheaper than
// any server it drives. It runs in a worker thread, so on two cores it does not steal the server's thread;
// only a request factory (a function, e.g. one that reads earlier answers) keeps it in this thread.
import { connect, type Socket } from 'node:net'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'

export type RequestSpec = { method?: string; path: string; headers?: Record<string, string>; body?: string }
export type LoadOptions = {
  /** Open keep-alive connections, each with one request in flight. */
  connections?: number
  seconds?: number
  /** Untimed seconds first (connections, JIT, caches). */
  warmupSeconds?: number
}
export type LoadResult = {
  requests: number
  rps: number
  p50: number
  p99: number
  max: number
  /** Answers per status code ("200", "304"); "error" counts broken connections. */
  statuses: Record<string, number>
  bytes: number
  inThread: boolean
}
export type Target = { host: string; port: number }
type Job = { target: Target; requests: RequestSpec[]; connections: number; seconds: number; warmup: number }

export function encode(target: Target, spec: RequestSpec): Buffer {
  const headers: Record<string, string> = { host: `${target.host}:${target.port}`, ...spec.headers }
  if (spec.body !== undefined) headers['content-length'] = String(Buffer.byteLength(spec.body))
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`)
  return Buffer.from(
    `${spec.method ?? 'GET'} ${spec.path} HTTP/1.1\r\n${lines.join('')}\r\n${spec.body ?? ''}`,
  )
}

/** Reads one answer at a time from a keep-alive socket: content-length or chunked bodies. */
export class AnswerReader {
  private buffer: Buffer = Buffer.alloc(0)
  private status = 0
  private bodyLeft = -1 // bytes of body still expected; -2 while reading chunks
  private size = 0
  constructor(private readonly done: (status: number, bytes: number) => void) {}

  push(data: Buffer) {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, data]) : data
    while (this.step()) {}
  }

  private step(): boolean {
    if (this.bodyLeft === -1) {
      const end = this.buffer.indexOf('\r\n\r\n')
      if (end < 0) return false
      const head = this.buffer.toString('latin1', 0, end)
      this.buffer = this.buffer.subarray(end + 4)
      this.status = Number(head.slice(9, 12))
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)
      const chunked = /\r\ntransfer-encoding:\s*chunked/i.test(head)
      const bodiless = this.status === 304 || this.status === 204
      this.bodyLeft = bodiless ? 0 : chunked ? -2 : length ? Number(length[1]) : 0
      this.size = 0
      if (this.bodyLeft === 0) this.finish()
      return true
    }
    if (this.bodyLeft === -2) {
      const lineEnd = this.buffer.indexOf('\r\n')
      if (lineEnd < 0) return false
      const size = Number.parseInt(this.buffer.toString('latin1', 0, lineEnd), 16)
      const total = lineEnd + 2 + size + 2
      if (this.buffer.length < total) return false
      this.buffer = this.buffer.subarray(total)
      this.size += size
      if (size === 0) this.finish()
      return true
    }
    const take = Math.min(this.bodyLeft, this.buffer.length)
    this.buffer = this.buffer.subarray(take)
    this.bodyLeft -= take
    this.size += take
    if (this.bodyLeft === 0) this.finish()
    return this.bodyLeft === -1 && this.buffer.length > 0
  }

  private finish() {
    this.bodyLeft = -1
    this.done(this.status, this.size)
  }
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0

async function run(
  target: Target,
  next: (i: number) => Buffer,
  { connections, seconds, warmup }: Omit<Job, 'target' | 'requests'>,
): Promise<Omit<LoadResult, 'inThread'>> {
  let latencies = new Float64Array(1 << 16)
  let count = 0
  let bytes = 0
  let issued = 0
  const statuses: Record<string, number> = {}
  const started = performance.now()
  const measureFrom = started + warmup * 1000
  const stopAt = measureFrom + seconds * 1000

  const driveOne = () =>
    new Promise<void>((resolve) => {
      const socket: Socket = connect(target.port, target.host)
      socket.setNoDelay(true)
      let sentAt = 0
      const send = () => {
        sentAt = performance.now()
        socket.write(next(issued++))
      }
      const reader = new AnswerReader((status, size) => {
        const now = performance.now()
        if (sentAt >= measureFrom && now <= stopAt) {
          if (count === latencies.length) {
            const grown = new Float64Array(count * 2)
            grown.set(latencies)
            latencies = grown
          }
          latencies[count++] = now - sentAt
          bytes += size
          statuses[status] = (statuses[status] ?? 0) + 1
        }
        if (now < stopAt) send()
        else socket.end()
      })
      socket.on('connect', send)
      socket.on('data', (data: Buffer) => reader.push(data))
      socket.on('error', () => {
        statuses.error = (statuses.error ?? 0) + 1
        resolve()
      })
      socket.on('close', () => resolve())
    })

  await Promise.all(Array.from({ length: connections }, driveOne))
  const sorted = latencies.slice(0, count).sort()
  return {
    requests: count,
    rps: count / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
    statuses,
    bytes,
  }
}

/** Drives `connections` keep-alive connections for `seconds` against `url` (GET), one spec, specs taken in
 * turn (e.g. one POST per queue entry), or a factory called per request (this thread). */
export async function load(
  url: string,
  request: Omit<RequestSpec, 'path'> | RequestSpec[] | ((i: number) => RequestSpec) = {},
  { connections = 16, seconds = 5, warmupSeconds = 1 }: LoadOptions = {},
): Promise<LoadResult> {
  const u = new URL(url)
  const target = { host: u.hostname, port: Number(u.port) }
  const shape = { connections, seconds, warmup: warmupSeconds }
  if (typeof request === 'function') {
    const result = await run(target, (i) => encode(target, request(i)), shape)
    return { ...result, inThread: true }
  }
  const requests = Array.isArray(request) ? request : [{ ...request, path: u.pathname + u.search }]
  if (requests.length === 0) throw new Error('load: no request to send')
  const job: Job = { target, requests, ...shape }
  const worker = startWorker(import.meta.url, job)
  const result = await new Promise<Omit<LoadResult, 'inThread'>>((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
  })
  await worker.terminate()
  return { ...result, inThread: false }
}

/**
 * A worker thread running `moduleUrl`: a bundled module as it is; a .ts file through tsx, whose loader does
 * not reach a worker by itself, so the worker registers it first.
 */
export function startWorker(moduleUrl: string, data: unknown): Worker {
  const load = `import(${JSON.stringify(moduleUrl)})`
  const boot = moduleUrl.endsWith('.ts')
    ? `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return ${load} })`
    : load
  return new Worker(boot, { eval: true, workerData: data })
}

export type Baseline = { url: string; close: () => Promise<void> }

/** The bare Hono hello-world on a free port of this process. */
export function startBaseline(): Promise<Baseline> {
  const app = new Hono().get('/', (c) => c.text('Hello Hono!'))
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      resolve({
        url: `http://127.0.0.1:${info.port}/`,
        close: () => new Promise((done) => server.close(() => done())),
      })
    })
  })
}

export type Line = {
  name: string
  value: number
  unit: string
  /** The baseline figure of the same unit (req/s); the ratio is value / baseline. */
  baseline?: number
  goal: string
  pass: boolean
}

/** `name | value | ratio to baseline | goal | PASS/MISS`, one markdown table row. */
export function formatLine({ name, value, unit, baseline, goal, pass }: Line): string {
  const shown = value >= 100 ? value.toFixed(0) : value.toFixed(2)
  const ratio = baseline ? `${((value / baseline) * 100).toFixed(1)} %` : '—'
  return `| ${name} | ${shown} ${unit} | ${ratio} | ${goal} | ${pass ? 'PASS' : 'MISS'} |`
}

export const lineHeader =
  '| figure | value | ratio to baseline | goal | result |\n| --- | ---: | ---: | --- | --- |'

// In a worker started by load() (fanout.ts's workers import this file too).
if (!isMainThread && parentPort && (workerData as Job | undefined)?.requests) {
  const job = workerData as Job
  const encoded = job.requests.map((spec) => encode(job.target, spec))
  run(job.target, (i) => encoded[i % encoded.length]!, job).then((result) => parentPort!.postMessage(result))
}
