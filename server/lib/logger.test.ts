import { describe, expect, it, vi } from 'vitest'
import { createLogger, redact, redactPath } from './logger'

describe('logger', () => {
  it('never writes secrets', () => {
    expect(redact({ password: 'p', cookie: 'c', token: 't', authorization: 'a', path: '/x' })).toEqual({
      password: '[redacted]',
      cookie: '[redacted]',
      token: '[redacted]',
      authorization: '[redacted]',
      path: '/x',
    })
  })

  it("masks an address's secret segment and secret query values, whatever the field's other keys", () => {
    expect(redactPath('/api/v1/calendar/tZAhDmcyZW3iqG2I543-UvJSLwmNgl0r6eeNa9qbvzs')).toBe(
      '/api/v1/calendar/[redacted]',
    )
    expect(redactPath('/api/v1/auth/verify-email?token=eyJhbGci.x.y&callbackURL=%2Fauth')).toBe(
      '/api/v1/auth/verify-email?token=[redacted]&callbackURL=%2Fauth',
    )
    expect(redactPath('/auth?mode=signup&invite=abc&password=p')).toBe(
      '/auth?mode=signup&invite=[redacted]&password=[redacted]',
    )
    expect(redact({ path: '/api/v1/invitations/lookup/abc', status: 200 })).toEqual({
      path: '/api/v1/invitations/lookup/[redacted]',
      status: 200,
    })
    const plain = { path: '/api/v1/items/1/queue', status: 200 }
    expect(redact(plain)).toBe(plain)
  })

  it('writes one JSON line per event in production format', () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    createLogger({ level: 'info', json: true }).info('request', { status: 200, sessionToken: 'abc' })
    const line = String(write.mock.calls[0]?.[0])
    expect(line.endsWith('\n')).toBe(true)
    expect(JSON.parse(line)).toMatchObject({
      level: 'info',
      msg: 'request',
      status: 200,
      sessionToken: '[redacted]',
    })
  })

  it('leaves the fields it was given untouched', () => {
    const fields = { password: 'p', path: '/x' }
    expect(redact(fields)).toEqual({ password: '[redacted]', path: '/x' })
    expect(fields.password).toBe('p')
  })

  it('sends warnings and errors to stderr, the rest to stdout, each line stamped with its own instant', () => {
    vi.useFakeTimers()
    const lines: [string, { time: string; msg: string; token?: string }][] = []
    const logger = createLogger({
      level: 'debug',
      json: true,
      write: (stream, line) => lines.push([stream, JSON.parse(line)]),
    })
    try {
      vi.setSystemTime(new Date('2026-11-27T10:00:00.000Z'))
      logger.info('a')
      logger.debug('b')
      vi.setSystemTime(new Date('2026-11-27T10:00:00.001Z'))
      logger.warn('c')
      logger.error('d', { token: 't' })
    } finally {
      vi.useRealTimers()
    }
    expect(lines.map(([stream, line]) => [stream, line.msg, line.time])).toEqual([
      ['stdout', 'a', '2026-11-27T10:00:00.000Z'],
      ['stdout', 'b', '2026-11-27T10:00:00.000Z'],
      ['stderr', 'c', '2026-11-27T10:00:00.001Z'],
      ['stderr', 'd', '2026-11-27T10:00:00.001Z'],
    ])
    expect(lines[3]![1].token).toBe('[redacted]')
  })

  it('drops events below the level', () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    createLogger({ level: 'warn', json: true }).info('hidden')
    expect(write).not.toHaveBeenCalled()
  })
})
