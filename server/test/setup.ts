import { afterEach, vi } from 'vitest'

// After vitest.setup.ts: server tests share a worker's modules, so a spy left in place would reach the next
// file. Hooks run in reverse order, so spies are restored before the console-error check.
afterEach(() => {
  vi.restoreAllMocks()
})
