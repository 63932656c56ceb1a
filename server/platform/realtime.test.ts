import { describe, expect, it, vi } from 'vitest'
import type { Database } from '../db/client'
import { silentLogger } from '../lib/logger'
import { createRealtime, type GuildEvent, parseGuildEvent } from './realtime'

/** An in-memory channel standing in for LISTEN/NOTIFY, with a listen that can fail on demand. */
function fakeDatabase(options: { failListens?: number } = {}) {
  let failures = options.failListens ?? 0
  const listeners = new Set<(payload: string) => void>()
  /** The listening connection's drop and return, as Database.listen reports them. */
  const connection = { resumed: [] as (() => void)[], lost: [] as (() => void)[] }
  const database = {
    listen: vi.fn(
      async (
        _channel: string,
        onPayload: (payload: string) => void,
        onResume?: () => void,
        onLost?: () => void,
      ) => {
        if (failures-- > 0) throw new Error('connection refused')
        if (onResume) connection.resumed.push(onResume)
        if (onLost) connection.lost.push(onLost)
        listeners.add(onPayload)
        return async () => {
          listeners.delete(onPayload)
        }
      },
    ),
    notify: async (_channel: string, ...payloads: string[]) => {
      for (const payload of payloads) for (const l of listeners) l(payload)
    },
  }
  return {
    database: database as unknown as Database & typeof database,
    raw: (p: string) => database.notify('', p),
    drop: () => {
      for (const lost of connection.lost) lost()
    },
    resume: () => {
      for (const resumed of connection.resumed) resumed()
    },
  }
}

describe('the realtime bus', () => {
  it('accepts only well-formed events', () => {
    expect(parseGuildEvent('{"guildId":"g","topic":"queues","itemId":"i"}')).toEqual({
      guildId: 'g',
      topic: 'queues',
      itemId: 'i',
    })
    expect(parseGuildEvent('{"guildId":"g","topic":"guild","secret":"x"}')).toEqual({
      guildId: 'g',
      topic: 'guild',
    })
    for (const bad of [
      'nope',
      'null',
      '{"guildId":1,"topic":"queues"}',
      '{"guildId":"g","topic":"drop"}',
      '{"guildId":"g","topic":"items","itemId":5}',
    ])
      expect(parseGuildEvent(bad)).toBeNull()
  })

  it('delivers to every subscriber of the guild even when one of them throws', async () => {
    const { database, raw } = fakeDatabase()
    const realtime = createRealtime(database, silentLogger)
    const got: GuildEvent[] = []
    realtime.subscribe('g1', () => {
      throw new Error('broken stream')
    })
    const stop = realtime.subscribe('g1', (e) => got.push(e))
    realtime.subscribe('g2', (e) => got.push({ ...e, topic: 'history' }))
    await realtime.start()
    await realtime.publish({ guildId: 'g1', topic: 'items', itemId: 'x' })
    await raw('garbage')
    expect(got).toEqual([{ guildId: 'g1', topic: 'items', itemId: 'x' }])
    stop()
    await realtime.publish({ guildId: 'g1', topic: 'items' })
    expect(got).toHaveLength(1)
  })

  it('says when each guild last changed, or since when a change may have been missed', async () => {
    let clock = 1_000
    const { database, drop, resume } = fakeDatabase()
    const realtime = createRealtime(database, silentLogger, () => clock)
    // Not listening yet: anything may have changed until now.
    expect(realtime.lastChangeAt('g1')).toBe(1_000)
    clock = 2_000
    await realtime.start()
    clock = 5_000
    expect(realtime.lastChangeAt('g1')).toBe(2_000)
    await realtime.publish({ guildId: 'g1', topic: 'queues', itemId: 'x' })
    clock = 9_000
    expect(realtime.lastChangeAt('g1')).toBe(5_000)
    expect(realtime.lastChangeAt('g2')).toBe(2_000)
    // The listening connection dropped: changes are missed until it comes back, and were until then.
    drop()
    expect(realtime.lastChangeAt('g2')).toBe(9_000)
    clock = 12_000
    resume()
    clock = 15_000
    expect(realtime.lastChangeAt('g1')).toBe(12_000)
    expect(realtime.lastChangeAt('g2')).toBe(12_000)
  })

  it('tries to listen again after a failed attempt instead of staying deaf', async () => {
    const { database } = fakeDatabase({ failListens: 1 })
    const realtime = createRealtime(database, silentLogger)
    realtime.subscribe('g', () => {})
    await expect(realtime.start()).rejects.toThrow('connection refused')
    await expect(realtime.start()).resolves.toBeUndefined()
    const eventListens = database.listen.mock.calls.filter(([channel]) => channel === 'lq_guild_events')
    expect(eventListens).toHaveLength(2)
  })
})
