import type { Language } from './enums'

// The one plan table: the landing page, the subscription screen and billing all read it.
export const TRIAL_DAYS = 3
export const FREE_INVITE_SLOTS = 3

export type Price = { currency: 'BRL' | 'USD'; monthly: number; yearly: number; extraInvite: number }

export const PRICES: Record<Language, Price> = {
  pt: { currency: 'BRL', monthly: 19.9, yearly: 199, extraInvite: 5 },
  en: { currency: 'USD', monthly: 3.99, yearly: 39.9, extraInvite: 1 },
}

export const LOCALE_OF: Record<Language, string> = { pt: 'pt-BR', en: 'en-US' }

export function formatMoney(amount: number, language: Language): string {
  const price = PRICES[language]
  return new Intl.NumberFormat(LOCALE_OF[language], { style: 'currency', currency: price.currency }).format(
    amount,
  )
}
