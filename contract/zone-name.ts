import { zonedParts } from './zoned-time'

// A time zone as a person reads it, from the platform's own zone data (Intl, CLDR's names), and whether two
// zones' clocks read alike: a raid night's times are on the guild's clock, and say so to a reader whose clock
// reads otherwise (docs/product-rules.md, "Raid nights"). The screens ask web/lib/format.ts (zoneTag), which
// names the zone in the interface language; the activity CSV asks here directly.

// Building a DateTimeFormat costs far more than using one, and a table names a zone in every row.
const namers = new Map<string, Intl.DateTimeFormat>()

/** `zone`'s name in `style`, as `locale` writes it at `at`; '' when the platform cannot name it. */
function nameIn(zone: string, locale: string, style: Intl.DateTimeFormatOptions['timeZoneName'], at: Date) {
  const key = `${locale} ${zone} ${style}`
  let namer = namers.get(key)
  try {
    if (!namer) {
      namer = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: style })
      namers.set(key, namer)
    }
    return namer.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? ''
  } catch {
    return ''
  }
}

/** A name a person reads as a place or a zone: words, not an abbreviation ("ET", "BRT") nor an offset ("GMT+0"). */
const isWords = (name: string) => /\p{Ll}/u.test(name)

/**
 * `zone` named for a person in `locale` ('pt-BR', 'en-US'): by its place, a city or a country, where CLDR names
 * one ("Horário Nova York", "Horário Alemanha", "São Paulo Time", "Germany Time"); where the language writes
 * the place as an abbreviation (American English "ET", Brazilian Portuguese "BRT"), by the zone's name
 * ("Eastern Time", "Horário Padrão de Brasília"); a zone with no name (Etc/GMT+3) by its offset at `at`
 * ("GMT-3"). An id the platform does not know is given back as it is.
 */
export function zoneName(zone: string, locale: string, at: Date = new Date()): string {
  for (const style of ['shortGeneric', 'longGeneric', 'long'] as const) {
    const name = nameIn(zone, locale, style, at)
    if (isWords(name)) return name
  }
  return nameIn(zone, locale, 'shortOffset', at) || zone
}

/**
 * Whether clocks on zones `a` and `b` read the same time at each of `instants` (an unknown zone reads
 * otherwise). Two ids can share a clock (Europe/Paris and Europe/Berlin; America/Fortaleza and
 * America/Sao_Paulo): a time read on one is then the other's too, and needs no zone said.
 */
export function sameClock(a: string, b: string, instants: readonly Date[]): boolean {
  if (a === b) return true
  try {
    return instants.every((at) => {
      const [one, other] = [zonedParts(at, a), zonedParts(at, b)]
      return one.date === other.date && one.time === other.time
    })
  } catch {
    return false
  }
}
