// npm start runs this file compiled, as dist/server/start.js (built with the server, scripts/builds.ts): it
// rebuilds the web app and the server only when their sources changed since the last build, then runs the
// compiled server in this same process. npm forwards SIGTERM/SIGINT to the process it started; with the
// server being that process (no shell or tsx wrapper in between) the signal reaches server/main.ts, which
// drains, checkpoints the embedded database, releases the data folder and exits 0.
import { resolve } from 'node:path'
import { builds, isCurrent, runBuild } from './builds'

const root = resolve(import.meta.dirname, '../..')

for (const build of builds) {
  if (isCurrent(root, build)) continue
  const what = build.name === 'web' ? 'the web app' : 'the server'
  process.stdout.write(`Building ${what} (first start, or its sources changed since the last build)…\n`)
  await runBuild(root, build)
}
// Through a variable, so the bundler leaves it a runtime import: the server bundle beside this file, loaded
// after a rebuild of it.
const server = new URL('./main.js', import.meta.url).href
await import(server)
