import { formatMoney } from '@contract/plans'
import { currentLanguage, LOCALE_OF } from './i18n'

// Dates and money by the interface language (pt-BR, en-US). Dates in the reader's time zone, or in
// `timeZone` (a server-rendered page shows UTC until it is hydrated: web/hooks/use-hydrated.ts).
export function formatDate(value: string | Date | null | undefined, timeZone?: string): string {
  if (!value) return '-'
  return new Intl.DateTimeFormat(LOCALE_OF[currentLanguage()], { dateStyle: 'short', timeZone }).format(
    new Date(value),
  )
}

export function formatDateTime(value: string | Date | null | undefined, timeZone?: string): string {
  if (!value) return '-'
  return new Intl.DateTimeFormat(LOCALE_OF[currentLanguage()], {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(value))
}

/** The time of day on the reader's clock ("20:00", "8:00 PM"). */
export function formatTime(value: string | Date): string {
  return new Intl.DateTimeFormat(LOCALE_OF[currentLanguage()], { timeStyle: 'short' }).format(new Date(value))
}

export function formatPrice(amount: number): string {
  return formatMoney(amount, currentLanguage())
}

export function formatNumber(value: number): string {
  return new Intl.NumberFormat(LOCALE_OF[currentLanguage()]).format(value)
}
