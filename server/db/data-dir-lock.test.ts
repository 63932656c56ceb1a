import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { lockDataDir } from './data-dir-lock'

describe('data folder lock', () => {
  const dir = () => mkdtempSync(join(tmpdir(), 'lq-lock-'))

  it('refuses a second owner while the first is alive, and frees the folder on release', () => {
    const folder = dir()
    const release = lockDataDir(folder)
    expect(() => lockDataDir(folder)).toThrow(/is in use by process \d+/)
    release()
    expect(existsSync(join(folder, 'lootqueue.lock'))).toBe(false)
    lockDataDir(folder)()
  })

  it('takes over a stale lock whose process is gone', () => {
    const folder = dir()
    const lockFile = join(folder, 'lootqueue.lock')
    writeFileSync(lockFile, '999999999')
    const release = lockDataDir(folder)
    expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid))
    expect(() => lockDataDir(folder)).toThrow(`is in use by process ${process.pid}`)
    release()
    expect(existsSync(lockFile)).toBe(false)
  })
})
