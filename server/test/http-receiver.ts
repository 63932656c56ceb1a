import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

// A local HTTP server standing in for Discord or a guild's own bot: it records every request and answers
// what the test scripted (by default 204). Integration tests point the sender at it, never at a real host.

export type ReceivedRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: string }
export type ScriptedAnswer = {
  status: number
  body?: unknown
  headers?: Record<string, string>
  /** Answers only after this long (a receiver that hangs). */
  delayMs?: number
}

export type HttpReceiver = {
  url: string
  requests: ReceivedRequest[]
  /** Answers for the next requests, in order; when none is left, 204. */
  answer: (...answers: ScriptedAnswer[]) => void
  /** Resolves once `count` requests arrived in all. */
  waitFor: (count: number, timeoutMs?: number) => Promise<void>
  close: () => Promise<void>
}

export async function startReceiver(): Promise<HttpReceiver> {
  const requests: ReceivedRequest[] = []
  const script: ScriptedAnswer[] = []
  const waiters = new Set<() => void>()
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      })
      const next = script.shift() ?? { status: 204 }
      const body = next.body === undefined ? undefined : JSON.stringify(next.body)
      const reply = () => {
        if (res.destroyed) return
        res.writeHead(next.status, {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...next.headers,
        })
        res.end(body)
      }
      if (next.delayMs) setTimeout(reply, next.delayMs).unref()
      else reply()
      for (const wake of waiters) wake()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer: (...answers) => script.push(...answers),
    waitFor: (count, timeoutMs = 5_000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (requests.length < count) return
          waiters.delete(check)
          clearTimeout(timer)
          resolve()
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`expected ${count} requests, got ${requests.length}`))
        }, timeoutMs)
        waiters.add(check)
        check()
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
