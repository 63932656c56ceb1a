import { afterEach } from 'vitest'

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
