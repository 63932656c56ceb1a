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

/** A calendar day typed as YYYY-MM-DD (a night's date on its guild's clock), with its weekday: "qui., 12/12/2026". */
export function formatCalendarDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return new Intl.DateTimeFormat(LOCALE_OF[currentLanguage()], {
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, day)))
}

/** A wall-clock time typed as HH:MM, as the language writes it ("20:00", "8:00 PM"). */
export function formatClock(time: string): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number]
  return new Intl.DateTimeFormat(LOCALE_OF[currentLanguage()], {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(2000, 0, 1, hours, minutes)))
}

/** An instant's date and time on another clock (a guild's time zone), not the reader's. */
export function formatDateTimeIn(value: string, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALE_OF[currentLanguage()], {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(value))
}
