// Fan-out: N browsers hold a server-sent-event stream open on one guild, each with a second keep-alive
// connection for its refetches. After one award every stream must hear `change`, and then each browser
// refetches the queue. Runs in a worker thread (scripts/bench/load.ts) so the clients do not share the
// server's thread. Times are absolute (timeOrigin + now) so both threads compare them.
import { connect, type Socket } from 'node:net'
import { isMainThread, parentPort, workerData } from 'node:worker_threads'
import { AnswerReader, encode, type RequestSpec, startWorker, type Target } from './load'

type Job = { target: Target; streams: number; events: RequestSpec; refetch: RequestSpec }
type Arrival = { eventAt: number; answeredAt: number; status: number }
export type FanoutResult = {
  streams: number
  /** ms from the award to the last stream hearing it. */
  lastEvent: number
  /** ms from the award to the last refetch answered. */
  lastAnswer: number
  /** Refetches answered 200. */
  answered: number
}

const clock = () => performance.timeOrigin + performance.now()

function openSocket(target: Target): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(target.port, target.host, () => resolve(socket))
    socket.setNoDelay(true)
    socket.once('error', reject)
  })
}

async function runWorker(job: Job) {
  const arrivals: Arrival[] = []
  let ready = 0
  let onAllReady = () => {}
  const allReady = new Promise<void>((resolve) => {
    onAllReady = resolve
  })
  let onAllAnswered = () => {}
  const allAnswered = new Promise<void>((resolve) => {
    onAllAnswered = resolve
  })
  let answered = 0
  const sockets: Socket[] = []

  const openBrowser = async () => {
    const stream = await openSocket(job.target)
    const fetcher = await openSocket(job.target)
    sockets.push(stream, fetcher)
    const arrival: Arrival = { eventAt: 0, answeredAt: 0, status: 0 }
    arrivals.push(arrival)
    const reader = new AnswerReader((status) => {
      arrival.answeredAt = clock()
      arrival.status = status
      if (++answered === job.streams) onAllAnswered()
    })
    fetcher.on('data', (data: Buffer) => reader.push(data))
    let text = ''
    let isReady = false
    stream.on('data', (data: Buffer) => {
      text += data.toString('latin1')
      if (!isReady && text.includes('event: ready')) {
        isReady = true
        text = ''
        if (++ready === job.streams) onAllReady()
      } else if (isReady && !arrival.eventAt && text.includes('event: change')) {
        arrival.eventAt = clock()
        fetcher.write(encode(job.target, job.refetch))
      }
    })
    stream.write(encode(job.target, job.events))
  }

  // A few at a time: a browser's connection is set up long before the award.
  for (let i = 0; i < job.streams; i += 50) {
    await Promise.all(Array.from({ length: Math.min(50, job.streams - i) }, openBrowser))
  }
  await allReady
  parentPort!.postMessage({ type: 'ready' })
  const awardAt = await new Promise<number>((resolve) => parentPort!.once('message', resolve))
  await Promise.race([allAnswered, new Promise((r) => setTimeout(r, 30_000))])
  for (const socket of sockets) socket.destroy()
  const result: FanoutResult = {
    streams: job.streams,
    lastEvent: Math.max(...arrivals.map((a) => (a.eventAt ? a.eventAt - awardAt : Number.POSITIVE_INFINITY))),
    lastAnswer: Math.max(
      ...arrivals.map((a) => (a.answeredAt ? a.answeredAt - awardAt : Number.POSITIVE_INFINITY)),
    ),
    answered: arrivals.filter((a) => a.status === 200).length,
  }
  parentPort!.postMessage({ type: 'done', result })
}

/** Opens the streams, waits until all are `ready`, runs `award`, and times what follows. */
export async function fanout(
  url: string,
  job: Omit<Job, 'target'>,
  award: () => Promise<void>,
): Promise<FanoutResult> {
  const u = new URL(url)
  const worker = startWorker(import.meta.url, { ...job, target: { host: u.hostname, port: Number(u.port) } })
  const messages: { type: string; result?: FanoutResult }[] = []
  const waiters: (() => void)[] = []
  worker.on('message', (m) => {
    messages.push(m)
    for (const wake of waiters.splice(0)) wake()
  })
  const next = async (type: string) => {
    for (;;) {
      const found = messages.find((m) => m.type === type)
      if (found) return found
      await new Promise<void>((resolve) => waiters.push(resolve))
    }
  }
  await next('ready')
  worker.postMessage(clock())
  await award()
  const { result } = await next('done')
  await worker.terminate()
  return result!
}

if (!isMainThread && parentPort && (workerData as Job | undefined)?.events) void runWorker(workerData as Job)
