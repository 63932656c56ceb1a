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

export function publicClient(ctx: TestContext, seen: string[] = []) {
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
    // A stream never ends by itself: its messages are checked by the tests that read it.
    const streaming = res.headers.get('content-type')?.includes('text/event-stream')
    seen.push(streaming ? '' : await res.clone().text(), res.headers.get('set-cookie') ?? '')
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
  input: { guildId: string; itemId: string; playerName: string; itemName: string; at: Date },
) {
  await ctx.database.db.insert(lootHistory).values({
    guildId: input.guildId,
    itemId: input.itemId,
    itemName: input.itemName,
    playerName: input.playerName,
    distributedAt: input.at,
    notes: 'marked as received via queue',
  })
}
