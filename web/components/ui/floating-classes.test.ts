import { twMerge } from 'tailwind-merge'
import { describe, expect, it } from 'vitest'
import * as floating from './floating-classes'

describe('the floating panels’ class lists', () => {
  // They are joined as plain strings (no cn() when the module loads): a clash between the shared part and a
  // panel's own would reach the page unsettled.
  it.each(Object.entries(floating))('%s holds no clash that tailwind-merge would settle', (_, classes) => {
    expect(twMerge(classes)).toBe(classes)
  })
})
