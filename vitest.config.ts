import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { findPostgresBin } from './server/test/postgres-cluster.ts'

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL) || findPostgresBin() !== null
// In CI the PostgreSQL project always runs: without a server its global setup fails the run instead of
// half the suite being skipped while CI stays green (.ci/run installs PostgreSQL when it is missing).
const runPostgres = hasPostgres || process.env.CI === 'true'
if (!runPostgres) {
  console.warn(
    '\n\n!!! No PostgreSQL binaries (initdb) and no TEST_DATABASE_URL: the PostgreSQL half of the server tests is SKIPPED !!!\n\n',
  )
}

// Server test files share one loaded server per worker (isolate: false): loading it again for every file
// took a third of the run. A file that swaps a module with vi.mock needs a module registry of its own, so
// it runs in an isolated project of the same engine.
const OWN_MODULE_REGISTRY = ['server/modules/history/history-export-abort.test.ts']

const serverProject = (engine: 'pglite' | 'postgres', isolated: boolean) => ({
  extends: true as const,
  test: {
    name: `server:${engine}${isolated ? ':isolated' : ''}`,
    include: isolated ? OWN_MODULE_REGISTRY : ['server/**/*.test.ts'],
    exclude: isolated ? [] : OWN_MODULE_REGISTRY,
    isolate: isolated,
    environment: 'node',
    env: { TEST_DB_ENGINE: engine },
    setupFiles: ['vitest.setup.ts', 'server/test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: [`server/test/${engine}-global-setup.ts`],
  },
})

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@web': new URL('./web', import.meta.url).pathname,
      '@contract': new URL('./contract', import.meta.url).pathname,
    },
  },
  test: {
    // Three files at a time on a two-core machine (vitest would take one): while one waits on the PostgreSQL
    // server process or a spawned app, the others run (two used 1.6 cores on average). Timing tests compare
    // against a baseline taken in the same moment, so a neighbour slows both sides alike.
    maxWorkers: 3,
    projects: [
      serverProject('pglite', false),
      serverProject('pglite', true),
      ...(runPostgres ? [serverProject('postgres', false), serverProject('postgres', true)] : []),
      {
        extends: true,
        test: {
          name: 'web',
          // Each file in a VM context of one long-lived worker rather than a process and a jsdom of its own:
          // the files stay isolated, and the run took half the time (the environments' setup fell from
          // ~160 s to ~12 s summed). jsdom's window.location cannot be stubbed there: tests replace
          // web/lib/leave-page.ts instead.
          pool: 'vmThreads',
          // A screen with 40 rows renders in about a second alone; three files at once on two cores
          // stretched one past vitest's default 5 s.
          testTimeout: 15_000,
          include: ['web/**/*.test.{ts,tsx}', 'contract/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['vitest.setup.ts', 'web/test/setup.ts'],
        },
      },
    ],
  },
})
