// npm run build: builds the web app and the server (scripts/builds.ts). With --if-changed (npm install's
// `prepare`, npm run test:e2e) only the ones whose sources changed since their last build.
import { resolve } from 'node:path'
import { builds, isCurrent, runBuild } from './builds'

const root = resolve(import.meta.dirname, '..')
const onlyChanged = process.argv.includes('--if-changed')

for (const build of builds) {
  if (onlyChanged && isCurrent(root, build)) continue
  try {
    await runBuild(root, build)
  } catch (error) {
    // At install npm prints this under its own "command failed" lines: the reason comes first.
    process.stderr.write(
      `\nLootQueue: building the ${build.name} failed (${(error as Error).message}); the output above says why.\n` +
        'Fix it and run `npm run build` (or `npm start`, which builds what is missing).\n\n',
    )
    process.exit(1)
  }
}
