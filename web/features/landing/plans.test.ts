import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatCount, formatMoney, LOCALE_OF, PRICES } from '@contract/plans'
import { LANGUAGES } from '@contract/enums'

// formatMoney writes money by hand (contract/plans.ts says why); it must stay what Intl writes.
const intl = (amount: number, language: (typeof LANGUAGES)[number]) =>
  new Intl.NumberFormat(LOCALE_OF[language], {
    style: 'currency',
    currency: PRICES[language].currency,
  }).format(amount)

describe('formatMoney', () => {
  it.each(LANGUAGES)('writes %s amounts exactly as Intl does, cents to a million', (language) => {
    for (const amount of [0, 0.01, 1, 3.99, 19.9, 199, 999.99, 1000, 1234.5, 1_000_000, -5])
      expect(formatMoney(amount, language)).toBe(intl(amount, language))
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => {
        expect(formatMoney(cents / 100, language)).toBe(intl(cents / 100, language))
      }),
      { numRuns: 2000 },
    )
  })
})

describe('formatCount', () => {
  it.each(LANGUAGES)('writes %s whole numbers exactly as Intl does', (language) => {
    const intlCount = (count: number) => new Intl.NumberFormat(LOCALE_OF[language]).format(count)
    for (const count of [0, 7, 999, 1000, 1234, 99_999, 1_000_000, -1234])
      expect(formatCount(count, language)).toBe(intlCount(count))
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 1_000_000_000 }), (count) => {
        expect(formatCount(count, language)).toBe(intlCount(count))
      }),
      { numRuns: 2000 },
    )
  })
})
