import type { TFunction } from 'i18next'
import type { BillingInterval } from '@contract/enums'
import { formatMoney, PRICES } from '@contract/plans'
import { currentLanguage } from '@web/lib/i18n'

/** 'R$ 19,90/mês' or '$39.90/year': the plan table's price in the interface language's currency. */
export function planPrice(interval: BillingInterval, t: TFunction<'subscription'>): string {
  const language = currentLanguage()
  const price = PRICES[language]
  const amount = interval === 'month' ? price.monthly : price.yearly
  return `${formatMoney(amount, language)}${t(`plan.period.${interval}`)}`
}
