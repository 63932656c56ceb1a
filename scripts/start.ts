// npm start: builds the web app only when its sources changed since the last build (scripts/start-web-build.ts),
// then runs the server in this same process. npm forwards SIGTERM/SIGINT to the process it started; with the
// server being that process (no shell or tsx wrapper in between) the signal reaches server/main.ts, which
// drains, checkpoints the embedded database, releases the data folder and exits 0.
import { buildWeb, webBuildIsCurrent } from './start-web-build'

if (!webBuildIsCurrent()) {
  process.stdout.write('Building the web app (first start, or its sources changed since the last build)…\n')
  await buildWeb()
}
await import('../server/main')
