import { formatCount, formatMoney } from '@contract/plans'
import { currentLanguage, LOCALE_OF } from './i18n'

// Dates and money by the interface language (pt-BR, en-US). Dates in the reader's time zone, or in
// `timeZone` (a server-rendered page shows UTC until it is hydrated: web/hooks/use-hydrated.ts).

const dateFormats = new Map<string, Intl.DateTimeFormat>()
let readerTimeZone: string | undefined | null = null

/** The reader's IANA time zone (undefined when the browser cannot tell), read once: it is a page's constant. */
export function browserTimeZone(): string | undefined {
  if (readerTimeZone === null) {
    try {
      readerTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || undefined
    } catch {
      readerTimeZone = undefined
    }
  }
  return readerTimeZone
}

/**
 * The language's date format with `options`, made once: making an Intl.DateTimeFormat costs far more than
 * using one, and a table formats a date in every row.
 */
function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = LOCALE_OF[currentLanguage()]
  const key = `${locale} ${JSON.stringify(options)}`
  let format = dateFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    dateFormats.set(key, format)
  }
  return format
}

export function formatDate(value: string | Date | null | undefined, timeZone?: string): string {
  if (!value) return '-'
  return dateFormat({ dateStyle: 'short', timeZone }).format(new Date(value))
}

/** An instant's date and time on the reader's clock, or on `timeZone`'s (a guild's, for a night's awards). */
export function formatDateTime(value: string | Date | null | undefined, timeZone?: string): string {
  if (!value) return '-'
  return dateFormat({ dateStyle: 'short', timeStyle: 'short', timeZone }).format(new Date(value))
}

/** The time of day on the reader's clock ("20:00", "8:00 PM"). */
export function formatTime(value: string | Date): string {
  return dateFormat({ timeStyle: 'short' }).format(new Date(value))
}

export function formatPrice(amount: number): string {
  return formatMoney(amount, currentLanguage())
}

/** A count ("1.234", "1,234"): written by hand, without Intl's number data (contract/plans.ts says why). */
export function formatNumber(count: number): string {
  return formatCount(count, currentLanguage())
}

/** A calendar day typed as YYYY-MM-DD (a night's date on its guild's clock), with its weekday: "qui., 12/12/2026". */
export function formatCalendarDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return dateFormat({
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
  return dateFormat({ hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, 0, 1, hours, minutes)),
  )
}
