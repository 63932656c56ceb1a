import { afterEach, beforeEach, expect, vi } from 'vitest'

// A test that asserts nothing proves nothing: vitest fails every test that made no expect() call (waiting
// for an element or an event is not an assertion; say what the wait was for with an expect).
beforeEach(() => {
  expect.hasAssertions()
})

// A console.error during a test is a bug somewhere: fail the test that caused it.
const original = console.error
let errors: unknown[][] = []
console.error = (...args: unknown[]) => {
  errors.push(args)
  original(...args)
}
afterEach(() => {
  const seen = errors
  errors = []
  vi.restoreAllMocks()
  if (seen.length > 0) throw new Error(`console.error was called during the test: ${String(seen[0]?.[0])}`)
})
