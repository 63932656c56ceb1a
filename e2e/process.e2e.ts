import { spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startServer } from './support/server'

const runMain = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  })

describe('the server process', () => {
  it('refuses a second process on the same data folder, and exits 0 on SIGTERM keeping its data', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lq-proc-'))
    const first = await startServer({}, { dataDir })
    const second = runMain({ PORT: '0', DATA_DIR: dataDir })
    expect(second.status).toBe(1)
    expect(second.stderr).toContain(`The data folder ${dataDir} is in use by process`)
    expect(await (await fetch(`${first.url}/api/v1/health`)).json()).toEqual({
      status: 'ok',
      database: 'pglite',
    })
    expect(await first.stop()).toBe(0)
  })

  it('stops at once with one line naming a bad variable', () => {
    const result = runMain({ PORT: 'not-a-port', DATA_DIR: mkdtempSync(join(tmpdir(), 'lq-proc-')) })
    expect(result.status).toBe(1)
    expect(result.stderr.trim().split('\n')).toEqual([
      'Invalid environment variable PORT: Invalid input: expected number, received NaN',
    ])
  })
})
