import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

// The operator's commands: `--help` prints their usage and does nothing else (a tester's `--help` ran a
// rolling restart, wrote a backup to a file named --help, and took --help as the dump to restore); an
// option they do not know is refused with their usage, exit 2.

const scratch = mkdtempSync(join(tmpdir(), 'lq-cli-usage-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

async function run(file: string, args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await promisify(execFile)(file, args, {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: join(scratch, 'data'), ...env },
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}
const script = (name: string, args: string[]) =>
  run(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args])

describe('npm run backup / restore', () => {
  it.each(['backup', 'restore'])('%s --help and -h print the usage and do nothing', async (name) => {
    for (const flag of ['--help', '-h']) {
      const res = await script(name, [flag])
      expect(res).toMatchObject({ code: 0, stdout: expect.stringMatching(`^Usage: npm run ${name}`) })
    }
    expect(existsSync('--help')).toBe(false)
    expect(existsSync(join(scratch, 'data'))).toBe(false)
  })

  it.each(['backup', 'restore'])('%s refuses an unknown option with its usage, exit 2', async (name) => {
    const res = await script(name, ['--verbose'])
    expect(res.code).toBe(2)
    expect(res.stderr).toMatch(/Unknown option --verbose\nUsage: npm run/)
    expect(existsSync('--verbose')).toBe(false)
  })
})

describe('deploy/rolling-restart', () => {
  const upstream = join(scratch, 'upstream.conf')
  const marker = join(scratch, 'restarted')
  const lines =
    'upstream lootqueue {\n  server 127.0.0.1:3001 max_fails=0;\n  server 127.0.0.1:3002 max_fails=0;\n}\n'
  const env = {
    LQ_UPSTREAM: upstream,
    LQ_NGINX_RELOAD: `touch ${marker}`,
    LQ_RESTART: `touch ${marker}`,
    LQ_READY_SECONDS: '1',
  }

  it('--help and -h print the usage and restart nothing', async () => {
    writeFileSync(upstream, lines)
    for (const flag of ['--help', '-h']) {
      const res = await run('deploy/rolling-restart', [flag], env)
      expect(res).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Usage: deploy\/rolling-restart/) })
    }
    expect(existsSync(marker)).toBe(false)
    expect(readFileSync(upstream, 'utf8')).toBe(lines)
  })

  it('refuses any argument with its usage, exit 2, and restarts nothing', async () => {
    writeFileSync(upstream, lines)
    const res = await run('deploy/rolling-restart', ['--dry-run'], env)
    expect(res.code).toBe(2)
    expect(res.stderr).toMatch(/unknown argument --dry-run\nUsage:/)
    expect(existsSync(marker)).toBe(false)
    expect(readFileSync(upstream, 'utf8')).toBe(lines)
  })
})
