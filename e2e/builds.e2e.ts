import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { type Build, isCurrent, runBuild, serverBuild, webBuild } from '../scripts/builds'

// The stamps that let `npm start` skip the builds (scripts/builds.ts): on a build of its own in a temporary
// folder, and on the two real builds after `npm run test:e2e` built them.

const folders: string[] = []
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
})

/** A project with one source folder and a build that copies it, failing while `fail` is set. */
function project() {
  const root = mkdtempSync(join(tmpdir(), 'lq-builds-'))
  folders.push(root)
  mkdirSync(join(root, 'src/nested'), { recursive: true })
  writeFileSync(join(root, 'src/nested/a.ts'), 'export const a = 1\n')
  const state = { runs: 0, fail: false }
  const build: Build = {
    name: 'server',
    inputs: ['src', 'config.json'],
    outputs: ['out/bundle.js'],
    stamp: 'out.stamp',
    run: async (at) => {
      state.runs++
      if (state.fail) throw new Error('broken source')
      mkdirSync(join(at, 'out'), { recursive: true })
      writeFileSync(join(at, 'out/bundle.js'), `// build ${state.runs}\n`)
    },
  }
  return { root, build, state }
}

describe('build stamps', () => {
  it('a build is current after it ran, and stale after an edit, a new input file or a lost output', async () => {
    const { root, build, state } = project()
    expect(isCurrent(root, build)).toBe(false)
    await runBuild(root, build)
    expect(state.runs).toBe(1)
    expect(isCurrent(root, build)).toBe(true)

    writeFileSync(join(root, 'src/nested/a.ts'), 'export const a = 2\n')
    expect(isCurrent(root, build)).toBe(false)
    await runBuild(root, build)
    expect(isCurrent(root, build)).toBe(true)

    // An input named but absent at first counts once it appears.
    writeFileSync(join(root, 'config.json'), '{}\n')
    expect(isCurrent(root, build)).toBe(false)
    await runBuild(root, build)
    expect(isCurrent(root, build)).toBe(true)

    rmSync(join(root, 'out/bundle.js'))
    expect(isCurrent(root, build)).toBe(false)
  })

  it('a failed build leaves no stamp, so the next start builds again', async () => {
    const { root, build, state } = project()
    await runBuild(root, build)
    writeFileSync(join(root, 'src/nested/a.ts'), 'export const a = (\n')
    state.fail = true
    await expect(runBuild(root, build)).rejects.toThrow('broken source')
    expect(existsSync(join(root, build.stamp))).toBe(false)
    expect(isCurrent(root, build)).toBe(false)
    // Undoing the edit does not bring the old stamp back: what is in out/ may be half written.
    writeFileSync(join(root, 'src/nested/a.ts'), 'export const a = 1\n')
    expect(isCurrent(root, build)).toBe(false)
  })

  it('after npm run test:e2e built them, the web app and the server are current: npm start builds nothing', () => {
    const root = resolve(import.meta.dirname, '..')
    expect(isCurrent(root, webBuild)).toBe(true)
    expect(isCurrent(root, serverBuild)).toBe(true)
    expect(existsSync(join(root, 'dist/server/migrations/meta/_journal.json'))).toBe(true)
  })
})
