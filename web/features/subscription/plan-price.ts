import type { TFunction } from 'i18next'
import type { BillingStatus } from '@contract/billing'
import type { BillingInterval } from '@contract/enums'
import { LOCALE_OF, PRICES } from '@contract/plans'
import { formatPrice } from '@web/lib/format'
import { currentLanguage } from '@web/lib/i18n'

/** 'R$ 19,90/mês' or '$39.90/year': the plan table's price in the interface language's currency (checkout). */
export function planPrice(interval: BillingInterval, t: TFunction<'subscription'>): string {
  const price = PRICES[currentLanguage()]
  return `${formatPrice(interval === 'month' ? price.monthly : price.yearly)}${t(`plan.period.${interval}`)}`
}

/**
 * What the guild subscribed at, in the currency it is charged in, written the reader's way: 'R$199.00/year'
 * in English, 'US$ 3,99/mês' in Portuguese. The screen's language never changes what was bought.
 */
export function chargedPrice(
  charged: NonNullable<BillingStatus['charged']>,
  t: TFunction<'subscription'>,
): string {
  const money = new Intl.NumberFormat(LOCALE_OF[currentLanguage()], {
    style: 'currency',
    currency: charged.currency,
  }).format(charged.amount)
  return `${money}${t(`plan.period.${charged.interval}`)}`
}
