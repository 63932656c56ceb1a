// The web app's build, redone only when what it is built from changed. `npm run build` always builds; `npm
// start` builds only when the stamp beside dist/web does not match a hash of the build's inputs (a fresh
// clone, a pull, an edit), so a restart on the same code serves at once (issue 13: first answer within 2 s).
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(import.meta.dirname, '..')
/** Everything `vite build` reads: the app, the contract it imports, its config and the installed packages. */
const INPUTS = ['web', 'contract', 'vite.config.ts', 'tsconfig.json', 'package-lock.json']
const OUT_DIR = join(root, 'dist/web')
/** Outside dist/web, so the static file server never serves it. */
const STAMP = join(root, 'dist/web-build.stamp')

function filesOf(path: string): string[] {
  if (!existsSync(path)) return []
  if (!statSync(path).isDirectory()) return [path]
  return readdirSync(path, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

/** One hash over the path and content of every input file (~300 files, a few milliseconds). */
export function webSourcesHash(): string {
  const hash = createHash('sha256')
  const files = INPUTS.flatMap((input) => filesOf(join(root, input))).sort()
  for (const file of files) {
    hash.update(relative(root, file))
    hash.update('\0')
    hash.update(readFileSync(file))
    hash.update('\0')
  }
  return hash.digest('hex')
}

export function webBuildIsCurrent(): boolean {
  if (!existsSync(join(OUT_DIR, 'index.html')) || !existsSync(STAMP)) return false
  return readFileSync(STAMP, 'utf8').trim() === webSourcesHash()
}

/**
 * Runs `vite build` in a child process (the bundler stays out of the server's memory). The stamp is written
 * from the hash taken before building, and removed first, so an interrupted build is redone next time.
 * A SIGTERM/SIGINT during the build stops the build and this process with it (exit 0: a requested stop).
 */
export async function buildWeb(): Promise<void> {
  const hash = webSourcesHash()
  rmSync(STAMP, { force: true })
  const vite = join(root, 'node_modules/vite/bin/vite.js')
  const child = spawn(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' })
  const forward = (signal: NodeJS.Signals) => child.kill(signal)
  process.on('SIGTERM', forward)
  process.on('SIGINT', forward)
  const result = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  )
  process.off('SIGTERM', forward)
  process.off('SIGINT', forward)
  // Stopped on request (npm forwarded the signal): not a failure; the missing stamp makes the next start build.
  if (result.signal) process.exit(0)
  if (result.code !== 0) throw new Error(`vite build failed (exit code ${result.code})`)
  writeFileSync(STAMP, `${hash}\n`)
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildWeb().catch((error: Error) => {
    process.stderr.write(`${error.message}\n`)
    process.exit(1)
  })
}
