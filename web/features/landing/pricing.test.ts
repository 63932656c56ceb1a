import { describe, expect, it } from 'vitest'
import { PRICES } from '@contract/plans'
import { planPrices } from './pricing'

// Intl writes a no-break space after "R$"; compare with plain spaces.
const plain = (prices: Record<string, string>) =>
  Object.fromEntries(Object.entries(prices).map(([k, v]) => [k, v.replace(/\s/g, ' ')]))

describe('landing prices', () => {
  it('shows the plan table in reais for Portuguese', () => {
    expect(plain(planPrices('pt'))).toEqual({
      monthly: 'R$ 19,90',
      yearly: 'R$ 199,00',
      yearlySaving: 'R$ 39,80',
      extraInvite: 'R$ 5,00',
    })
  })

  it('shows the plan table in dollars for English (one English price: 3.99)', () => {
    expect(planPrices('en')).toEqual({
      monthly: '$3.99',
      yearly: '$39.90',
      yearlySaving: '$7.98',
      extraInvite: '$1.00',
    })
  })

  it('states a yearly saving of exactly two monthly payments, as the "2 months free" badge says', () => {
    for (const language of ['pt', 'en'] as const) {
      const price = PRICES[language]
      expect(Math.round((price.monthly * 12 - price.yearly) * 100)).toBe(Math.round(price.monthly * 2 * 100))
    }
  })
})
