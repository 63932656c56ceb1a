import { describe, expect, it, vi } from 'vitest'
import { createLogger, redact } from './logger'

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

  it('drops events below the level', () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    createLogger({ level: 'warn', json: true }).info('hidden')
    expect(write).not.toHaveBeenCalled()
  })
})
