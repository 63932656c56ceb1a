import type { Language } from '@contract/enums'
import { formatMoney, PRICES } from '@contract/plans'

export type PlanPrices = {
  monthly: string
  yearly: string
  yearlySaving: string
  extraInvite: string
}

/** The landing page's prices, from the same plan table the server bills with, in the visitor's language. */
export function planPrices(language: Language): PlanPrices {
  const price = PRICES[language]
  // Twelve months minus a year, rounded to cents (19.90 × 12 − 199 = 39.80; 3.99 × 12 − 39.90 = 7.98).
  const saving = Math.round((price.monthly * 12 - price.yearly) * 100) / 100
  return {
    monthly: formatMoney(price.monthly, language),
    yearly: formatMoney(price.yearly, language),
    yearlySaving: formatMoney(saving, language),
    extraInvite: formatMoney(price.extraInvite, language),
  }
}
