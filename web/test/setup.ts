import { afterEach, beforeEach, expect } from 'vitest'

// A test that asserts nothing proves nothing: vitest fails every test that made no expect() call (waiting
// for an element or an event is not an assertion; say what the wait was for with an expect).
beforeEach(() => {
  expect.hasAssertions()
})

// A console.error during a web test fails it (React warnings included).
const original = console.error
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
