import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { alias: { '@contract': new URL('../contract', import.meta.url).pathname } },
  test: {
    name: 'e2e',
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    setupFiles: ['e2e/support/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // One browser and one server per file; two files at a time fit two cores.
    maxWorkers: 2,
  },
})
