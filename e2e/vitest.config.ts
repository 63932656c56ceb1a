import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { alias: { '@contract': new URL('../contract', import.meta.url).pathname } },
  test: {
    name: 'e2e',
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    setupFiles: ['e2e/support/setup.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // expect.poll's own default (1 s) is shorter than a page's first paint on a busy two-core CI machine;
    // a poll still fails when what it waits for never comes.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    // One browser and one server per file; two files at a time fit two cores.
    maxWorkers: 2,
  },
})
