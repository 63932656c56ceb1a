import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseEnv } from './env'

describe('environment', () => {
  const dataDir = () => mkdtempSync(join(tmpdir(), 'lq-env-'))

  it('applies the embedded defaults and keeps a generated secret in the data folder', () => {
    const dir = dataDir()
    const env = parseEnv({ DATA_DIR: dir })
    expect(env.PORT).toBe(3000)
    expect(env.APP_URL).toBe('http://localhost:3000')
    expect(env.AUTH_SECRET.length).toBeGreaterThanOrEqual(32)
    expect(readFileSync(join(dir, 'auth-secret'), 'utf8')).toBe(env.AUTH_SECRET)
    expect(parseEnv({ DATA_DIR: dir }).AUTH_SECRET).toBe(env.AUTH_SECRET)
  })

  it('names the variable when a value is bad', () => {
    expect(() => parseEnv({ PORT: 'abc' })).toThrow(/^Invalid environment variable PORT/)
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/)
    expect(() => parseEnv({ DATABASE_URL: 'postgres://localhost/db' })).toThrow(/AUTH_SECRET: required/)
    expect(() => parseEnv({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/)
  })

  it('reads the PostgreSQL pool size as a whole number of connections, unset by default', () => {
    const dir = dataDir()
    expect(parseEnv({ DATA_DIR: dir }).DATABASE_POOL_SIZE).toBeUndefined()
    expect(parseEnv({ DATA_DIR: dir, DATABASE_POOL_SIZE: '' }).DATABASE_POOL_SIZE).toBeUndefined()
    expect(parseEnv({ DATA_DIR: dir, DATABASE_POOL_SIZE: '8' }).DATABASE_POOL_SIZE).toBe(8)
    for (const bad of ['0', '2.5', 'many', '-1']) {
      expect(() => parseEnv({ DATA_DIR: dir, DATABASE_POOL_SIZE: bad })).toThrow(
        /^Invalid environment variable DATABASE_POOL_SIZE/,
      )
    }
  })

  it('allows local webhook receivers outside production only', () => {
    const dir = dataDir()
    expect(parseEnv({ DATA_DIR: dir }).INTEGRATIONS_ALLOW_LOCAL_URLS).toBe('false')
    expect(
      parseEnv({ DATA_DIR: dir, INTEGRATIONS_ALLOW_LOCAL_URLS: 'true' }).INTEGRATIONS_ALLOW_LOCAL_URLS,
    ).toBe('true')
    expect(() =>
      parseEnv({ DATA_DIR: dir, NODE_ENV: 'production', INTEGRATIONS_ALLOW_LOCAL_URLS: 'true' }),
    ).toThrow(/^Invalid environment variable INTEGRATIONS_ALLOW_LOCAL_URLS/)
    expect(() => parseEnv({ DATA_DIR: dir, INTEGRATIONS_ALLOW_LOCAL_URLS: 'yes' })).toThrow(
      /INTEGRATIONS_ALLOW_LOCAL_URLS/,
    )
  })

  it('bounds the read cache in megabytes, 64 by default', () => {
    const dir = dataDir()
    expect(parseEnv({ DATA_DIR: dir }).READ_CACHE_MB).toBe(64)
    expect(parseEnv({ DATA_DIR: dir, READ_CACHE_MB: '256' }).READ_CACHE_MB).toBe(256)
    for (const bad of ['0', '1.5', 'lots']) {
      expect(() => parseEnv({ DATA_DIR: dir, READ_CACHE_MB: bad })).toThrow(
        /^Invalid environment variable READ_CACHE_MB/,
      )
    }
  })

  it('leaves the notification loop at its minute unless a number of seconds is given', () => {
    const dir = dataDir()
    expect(parseEnv({ DATA_DIR: dir }).NOTIFY_LOOP_SECONDS).toBeUndefined()
    expect(parseEnv({ DATA_DIR: dir, NOTIFY_LOOP_SECONDS: '2' }).NOTIFY_LOOP_SECONDS).toBe(2)
    for (const bad of ['0', '1.5', 'often']) {
      expect(() => parseEnv({ DATA_DIR: dir, NOTIFY_LOOP_SECONDS: bad })).toThrow(
        /^Invalid environment variable NOTIFY_LOOP_SECONDS/,
      )
    }
  })

  it('serves metrics only when a port or a token is given, never on the app port without one', () => {
    const dir = dataDir()
    const plain = parseEnv({ DATA_DIR: dir })
    expect(plain.METRICS_PORT).toBeUndefined()
    expect(plain.METRICS_TOKEN).toBeUndefined()
    expect(plain.METRICS_HOST).toBe('127.0.0.1')
    expect(parseEnv({ DATA_DIR: dir, METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464)
    expect(() => parseEnv({ DATA_DIR: dir, PORT: '3000', METRICS_PORT: '3000' })).toThrow(
      /^Invalid environment variable METRICS_PORT: must differ from PORT/,
    )
    expect(() => parseEnv({ DATA_DIR: dir, METRICS_TOKEN: 'short' })).toThrow(
      /^Invalid environment variable METRICS_TOKEN/,
    )
  })

  it('waits SHUTDOWN_GRACE_SECONDS before it stops accepting, none by default', () => {
    const dir = dataDir()
    expect(parseEnv({ DATA_DIR: dir }).SHUTDOWN_GRACE_SECONDS).toBe(0)
    expect(parseEnv({ DATA_DIR: dir, SHUTDOWN_GRACE_SECONDS: '5' }).SHUTDOWN_GRACE_SECONDS).toBe(5)
    expect(() => parseEnv({ DATA_DIR: dir, SHUTDOWN_GRACE_SECONDS: '-1' })).toThrow(
      /^Invalid environment variable SHUTDOWN_GRACE_SECONDS/,
    )
  })
})
