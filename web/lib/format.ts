import { formatMoney } from '@contract/plans'
import { currentLanguage, LOCALE_OF } from './i18n'

// Dates and money by the interface language (pt-BR, en-US).
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '-'
  return new Intl.DateTimeFormat(LOCALE_OF[currentLanguage()], { dateStyle: 'short' }).format(new Date(value))
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '-'
  return new Intl.DateTimeFormat(LOCALE_OF[currentLanguage()], {
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(value))
}

export function formatPrice(amount: number): string {
  return formatMoney(amount, currentLanguage())
}

export function formatNumber(value: number): string {
  return new Intl.NumberFormat(LOCALE_OF[currentLanguage()]).format(value)
}
