import { beforeEach, expect } from 'vitest'

// A journey that asserts nothing proves nothing: vitest fails every test that made no expect() call. The
// console-error check of the journeys' afterEach runs after this count, so it does not stand in for one.
beforeEach(() => {
  expect.hasAssertions()
})
