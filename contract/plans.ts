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

/** How Intl's currency style writes each language's price ("R$ 19,90" with a no-break space, "$3.99"). */
const MONEY_STYLE: Record<Language, { prefix: string; decimal: string; group: string }> = {
  pt: { prefix: 'R$\u00a0', decimal: ',', group: '.' },
  en: { prefix: '$', decimal: '.', group: ',' },
}

/**
 * An amount of the language's currency (PRICES), exactly as `Intl.NumberFormat(LOCALE_OF[language],
 * { style: 'currency' })` writes it, but built by hand: a browser's first Intl.NumberFormat loads its number
 * data, about 40 ms on a phone, and the prerendered landing and FAQ pages show prices, so that was the
 * largest part of their hydration (docs/decisions/014-server-rendering.md). plans.test.ts holds the two
 * equal for every amount in cents up to a million, in both languages.
 */
export function formatMoney(amount: number, language: Language): string {
  const { prefix, decimal, group } = MONEY_STYLE[language]
  const [whole, cents] = Math.abs(amount).toFixed(2).split('.') as [string, string]
  return `${amount < 0 ? '-' : ''}${prefix}${groupDigits(whole, group)}${decimal}${cents}`
}

/**
 * A whole number exactly as `Intl.NumberFormat(LOCALE_OF[language])` writes it ("1.234", "1,234"), by hand
 * for the same reason as formatMoney: the dashboard's counts are on its first screens. plans.test.ts holds
 * the two equal.
 */
export function formatCount(count: number, language: Language): string {
  const digits = groupDigits(String(Math.abs(count)), MONEY_STYLE[language].group)
  return count < 0 ? `-${digits}` : digits
}

/** "1234567" → "1.234.567" with the separator given. */
const groupDigits = (digits: string, group: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, group)
