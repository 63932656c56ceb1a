// Building a DateTimeFormat costs far more than using one: one per time zone, reused for every row.
const formatters = new Map<string, Intl.DateTimeFormat>()

/**
 * A time zone's wall clock to the second, cached per zone. `format` writes "2024-05-01 21:30:00" (sv-SE
 * writes ISO order); `formatToParts` gives the numbers. Throws RangeError for an unknown zone.
 */
export function wallClock(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}
