import type { TFunction } from 'i18next'
import type { BillingInterval } from '@contract/enums'
import { PRICES } from '@contract/plans'
import { formatPrice } from '@web/lib/format'
import { currentLanguage } from '@web/lib/i18n'

/** 'R$ 19,90/mês' or '$39.90/year': the plan table's price in the interface language's currency. */
export function planPrice(interval: BillingInterval, t: TFunction<'subscription'>): string {
  const price = PRICES[currentLanguage()]
  return `${formatPrice(interval === 'month' ? price.monthly : price.yearly)}${t(`plan.period.${interval}`)}`
}
