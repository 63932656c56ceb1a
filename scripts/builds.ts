// The two builds `npm start` runs (docs/decisions/006-operations.md): the web app (Vite → dist/web) and the
// server (esbuild → dist/server, plain JavaScript, so a start needs no TypeScript compiler). Each is redone
// only when what it is built from changed: a stamp beside its output holds a hash of its inputs (a fresh
// clone, a pull, an edit change it), so a restart on the same code serves at once (issue 13: first answer
// within 2 s). `npm install` builds both (the `prepare` script), `npm run build` always builds both
// (scripts/build.ts); `npm start` (scripts/start.ts) builds the stale ones, then serves.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'

export type Build = {
  name: 'web' | 'server'
  /** Every file or folder the build reads (the installed packages through package-lock.json). */
  inputs: string[]
  /** Files that must exist for the build to count as done. */
  outputs: string[]
  /** Outside the output folder, so the static file server never serves it. */
  stamp: string
  run: (root: string) => Promise<void>
}

export const webBuild: Build = {
  name: 'web',
  inputs: ['web', 'contract', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'],
  outputs: ['dist/web/index.html'],
  stamp: 'dist/web-build.stamp',
  run: (root) => viteBuild(root),
}

export const serverBuild: Build = {
  name: 'server',
  // The server imports contract/ and the texts in web/locales; the start script is bundled with it.
  inputs: [
    'server',
    'contract',
    'web/locales',
    'scripts/start.ts',
    'scripts/builds.ts',
    'tsconfig.json',
    'package-lock.json',
  ],
  outputs: ['dist/server/main.js', 'dist/server/start.js'],
  stamp: 'dist/server-build.stamp',
  run: (root) => esbuildServer(root),
}

export const builds = [webBuild, serverBuild]

function filesOf(path: string): string[] {
  if (!existsSync(path)) return []
  if (!statSync(path).isDirectory()) return [path]
  return readdirSync(path, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

/** One hash over the path and content of every input file (~300 files each, tens of milliseconds). */
export function sourcesHash(root: string, build: Build): string {
  const hash = createHash('sha256')
  const files = build.inputs.flatMap((input) => filesOf(join(root, input))).sort()
  for (const file of files) {
    hash.update(relative(root, file))
    hash.update('\0')
    hash.update(readFileSync(file))
    hash.update('\0')
  }
  return hash.digest('hex')
}

export function isCurrent(root: string, build: Build): boolean {
  const stamp = join(root, build.stamp)
  if (!build.outputs.every((output) => existsSync(join(root, output))) || !existsSync(stamp)) return false
  return readFileSync(stamp, 'utf8').trim() === sourcesHash(root, build)
}

/**
 * Runs one build. The stamp is written from the hash taken before building, and removed first, so an
 * interrupted build is redone next time. A SIGTERM/SIGINT during the build ends this process with exit 0
 * once the build stopped (a requested stop, not a failure; the missing stamp makes the next start build).
 */
export async function runBuild(root: string, build: Build): Promise<void> {
  const hash = sourcesHash(root, build)
  const stamp = join(root, build.stamp)
  rmSync(stamp, { force: true })
  let stopRequested = false
  const stop = () => {
    stopRequested = true
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  try {
    await build.run(root)
  } catch (error) {
    if (!stopRequested) throw error
  } finally {
    process.off('SIGTERM', stop)
    process.off('SIGINT', stop)
  }
  if (stopRequested) process.exit(0)
  writeFileSync(stamp, `${hash}\n`)
}

/** `vite build` in a child process (the bundler stays out of the server's memory), stopped with this one. */
async function viteBuild(root: string): Promise<void> {
  const vite = join(root, 'node_modules/vite/bin/vite.js')
  const child = spawn(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' })
  const forward = (signal: NodeJS.Signals) => child.kill(signal)
  process.on('SIGTERM', forward)
  process.on('SIGINT', forward)
  const code = await new Promise<number | null>((done) => child.once('exit', (exitCode) => done(exitCode)))
  process.off('SIGTERM', forward)
  process.off('SIGINT', forward)
  if (code !== 0) throw new Error(`vite build failed (exit code ${code})`)
}

/**
 * The server and the start script, each bundled into ES modules with the packages they use, PGlite's
 * excepted (`leftAsImports`). esbuild runs in its own process (its JavaScript API talks to it), loaded only
 * when a build is needed.
 */
async function esbuildServer(root: string): Promise<void> {
  await bundleServerCode(root, { main: 'server/main.ts', start: 'scripts/start.ts' }, 'dist/server')
}

/**
 * Packages the server bundle imports from node_modules instead of containing: PGlite finds its WebAssembly
 * and extension files beside its own code; esbuild (a start that rebuilds) is a native binary; pg-native is
 * pg's optional driver, not installed. The other packages production installs are bundled: a start then
 * loads a few chunks instead of resolving, reading and compiling each package's modules one by one
 * (docs/decisions/006-operations.md). The development packages the benchmarks import (Playwright, which
 * finds its own files beside its code) stay imports too.
 */
const LEFT_AS_IMPORTS = ['@electric-sql/pglite', 'esbuild', 'pg-native']

function leftAsImports(root: string): string[] {
  const { devDependencies = {} } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    devDependencies?: Record<string, string>
  }
  return [...LEFT_AS_IMPORTS, ...Object.keys(devDependencies)].flatMap((name) => [name, `${name}/*`])
}

/** The bundle's first line: bundled CommonJS packages (pg, nodemailer…) call require() for Node's own modules. */
const NODE_REQUIRE =
  "import { createRequire as lqCreateRequire } from 'node:module'; const require = lqCreateRequire(import.meta.url);"

/**
 * The server's code bundled as production runs it, from `entryPoints` (output name → source) into `outdir`
 * (emptied first). Also used by the benchmarks (scripts/bench/bundle.ts), so they measure this code.
 */
export async function bundleServerCode(
  root: string,
  entryPoints: Record<string, string>,
  outdir: string,
): Promise<void> {
  const { build } = await import('esbuild')
  const out = join(root, outdir)
  rmSync(out, { recursive: true, force: true })
  await build({
    absWorkingDir: root,
    entryPoints,
    outdir: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: leftAsImports(root),
    banner: { js: NODE_REQUIRE },
    // main.ts loads the app with import() while the database opens: a chunk of its own. Chunks sit at the
    // top of `outdir`, so paths relative to a module (the migrations folder) are the same from every chunk.
    splitting: true,
    chunkNames: '[name]-[hash]',
    logLevel: 'warning',
  })
  // server/db/client.ts finds the migrations beside its own module: <outdir>/migrations once bundled.
  cpSync(join(root, 'server/db/migrations'), join(out, 'migrations'), { recursive: true })
}
