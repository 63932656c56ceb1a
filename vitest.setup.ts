import { afterEach, beforeEach, expect } from 'vitest'

// Run first by every server and web test file (vitest.config.ts).

// A test that asserts nothing proves nothing: vitest fails every test that made no expect() call (waiting
// for an element or an event is not an assertion; say what the wait was for with an expect).
beforeEach(() => {
  expect.hasAssertions()
})

// A console.error during a test is a bug somewhere (React warnings included): fail the test that caused it.
// Server files share a worker's modules (isolate: false) and this file runs again before each: wrap the
// console's own error function, never the previous file's wrapper.
const holder = globalThis as { lqConsoleError?: typeof console.error }
holder.lqConsoleError ??= console.error
const original = holder.lqConsoleError
let errors: unknown[][] = []
console.error = (...args: unknown[]) => {
  errors.push(args)
  original(...args)
}
afterEach(() => {
  const seen = errors
  errors = []
  if (seen.length > 0) throw new Error(`console.error was called during the test: ${String(seen[0]?.[0])}`)
})

// A browser's storage is one test's own (web tests): what one test left there (a dismissed dialog, say) must
// not decide what the next one sees.
afterEach(() => {
  if (typeof window !== 'undefined') {
    window.localStorage?.clear()
    window.sessionStorage?.clear()
  }
})
