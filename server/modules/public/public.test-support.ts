import { expect } from 'vitest'
import { lootHistory, playerQueues } from '../../db/schema'
import type { TestContext } from '../../test/harness'

// Test helpers for the public page: calls with a chosen client address, and queue rows without the
// queues module (its routes are another issue's).

export type PublicCall = {
  cookie?: string
  body?: unknown
  ip?: string
  headers?: Record<string, string>
}

/** One thing a public endpoint sent to an anonymous browser: a body, the headers, or a stream's events. */
export type Sent = { kind: 'body' | 'headers' | 'stream'; path: string; text: string }

/**
 * A stream is recorded as it is read (its events land in `sink` as they pass); cancelling the returned
 * response still cancels the server's stream.
 */
function recordStream(res: Response, sink: Sent): Response {
  const decoder = new TextDecoder()
  const body = res.body!.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        sink.text += decoder.decode(chunk, { stream: true })
        controller.enqueue(chunk)
      },
    }),
  )
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers })
}

/**
 * The secret never reached an anonymous browser: not in a body, not in any header, not in a stream event.
 * Also checks that each of the three was actually seen, so the sweep cannot pass by looking at nothing.
 */
export function expectNeverSent(seen: Sent[], secret: string) {
  expect(new Set(seen.filter((s) => s.text.length > 0).map((s) => s.kind))).toEqual(
    new Set(['body', 'headers', 'stream']),
  )
  expect(seen.filter((s) => s.kind === 'stream').some((s) => s.text.includes('event: change'))).toBe(true)
  for (const sent of seen) expect(sent.text, `${sent.kind} of ${sent.path}`).not.toContain(secret)
}

export function publicClient(ctx: TestContext, seen: Sent[] = []) {
  const call = async (method: string, path: string, options: PublicCall = {}) => {
    const res = await ctx.app.request(
      `/api/v1/public/guilds/${path}`,
      {
        method,
        headers: {
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          'user-agent': 'PublicTest/1.0 (Phone)',
          ...options.headers,
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      },
      // The same path production takes: @hono/node-server's socket, read by getConnInfo.
      options.ip ? { incoming: { socket: { remoteAddress: options.ip } } } : undefined,
    )
    const where = `${method} ${path}`
    seen.push({
      kind: 'headers',
      path: where,
      text: [...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n'),
    })
    // A stream never ends by itself: it is recorded while the test reads it.
    if (res.headers.get('content-type')?.includes('text/event-stream')) {
      const stream: Sent = { kind: 'stream', path: where, text: '' }
      seen.push(stream)
      return recordStream(res, stream)
    }
    seen.push({ kind: 'body', path: where, text: await res.clone().text() })
    return res
  }
  /** POSTs the password; returns the response and the `name=value` cookie it set, if any. */
  const enter = async (slug: string, password: unknown, options: PublicCall = {}) => {
    const res = await call('POST', `${slug}/access`, { ...options, body: { password } })
    const cookie = res.headers.get('set-cookie')?.split(';')[0]
    return { res, cookie }
  }
  return { call, enter }
}

export async function addQueueEntry(
  ctx: TestContext,
  input: {
    guildId: string
    itemId: string
    playerId: string
    position: number
    attendanceStatus?: 'pending' | 'received' | 'absent' | 'not_interested'
    timesReceived?: number
    timesAbsent?: number
    penaltyUntil?: Date | null
    penaltyNote?: string | null
  },
) {
  const [row] = await ctx.database.db
    .insert(playerQueues)
    .values({
      guildId: input.guildId,
      itemId: input.itemId,
      playerId: input.playerId,
      queuePosition: input.position,
      attendanceStatus: input.attendanceStatus ?? 'pending',
      timesReceived: input.timesReceived ?? 0,
      timesAbsent: input.timesAbsent ?? 0,
      penaltyUntil: input.penaltyUntil ?? null,
      penaltyNote: input.penaltyNote ?? null,
    })
    .returning()
  return row!
}

export async function addHistory(
  ctx: TestContext,
  input: {
    guildId: string
    itemId: string
    playerName: string
    itemName: string
    at: Date
    note?: string
    /** The player it went to; none: a player deleted since. */
    playerId?: string
  },
) {
  await ctx.database.db.insert(lootHistory).values({
    guildId: input.guildId,
    itemId: input.itemId,
    playerId: input.playerId ?? null,
    itemName: input.itemName,
    playerName: input.playerName,
    distributedAt: input.at,
    notes: input.note ?? null,
  })
}
