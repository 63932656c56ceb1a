import type { Language } from '@contract/enums'
import { FREE_INVITE_SLOTS, formatMoney, PRICES, TRIAL_DAYS } from '@contract/plans'

/** The numbers the answers quote, from the plan table the server bills with, so the FAQ cannot drift. */
export function faqValues(language: Language, email: string) {
  const price = PRICES[language]
  return {
    days: TRIAL_DAYS,
    slots: FREE_INVITE_SLOTS,
    monthly: formatMoney(price.monthly, language),
    yearly: formatMoney(price.yearly, language),
    extraInvite: formatMoney(price.extraInvite, language),
    email,
  }
}
