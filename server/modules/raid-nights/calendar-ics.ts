// A guild's raid nights as an iCalendar document (RFC 5545), for the calendar feed members subscribe to
// from Google Calendar or Outlook (docs/decisions/011-integrations.md, "Calendar feed"). Pure: the service
// reads the nights and hands them here.

const CRLF = '\r\n'
/** RFC 5545 §3.1: content lines are folded at 75 octets (the line break not counted). */
const LINE_OCTETS = 75

export type FeedNight = {
  id: string
  name: string
  description: string | null
  status: string
  startsAt: Date
  /** Its end time, or the default length after its start (contract/raid-nights.ts NIGHT_DEFAULT_HOURS). */
  runsUntil: Date
  createdAt: Date
  updatedAt: Date
}

/**
 * A TEXT value (§3.3.11): backslash, semicolon and comma escaped, every line break as `\n`. Other control
 * characters cannot be typed into a night (contract/common.ts), and are dropped should one be stored.
 */
export function icsText(value: string): string {
  return (
    value
      .replace(/\r\n?/g, '\n')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping control characters is the point.
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, '')
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\n/g, '\\n')
      .replace(/\t/g, ' ')
  )
}

/**
 * One content line, folded (§3.1): no line longer than 75 octets of UTF-8, each continuation starting with
 * a space; a character is never split between two lines.
 */
export function foldLine(line: string): string {
  const out: string[] = []
  let current = ''
  let octets = 0
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8')
    if (octets + size > LINE_OCTETS) {
      out.push(current)
      // The continuation's leading space is one of its 75 octets.
      current = ` ${char}`
      octets = 1 + size
    } else {
      current += char
      octets += size
    }
  }
  out.push(current)
  return out.join(CRLF)
}

/** A DATE-TIME in UTC (§3.3.5, form #2): 20261210T230000Z. */
export function icsUtc(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`
}

function nightEvent(night: FeedNight, publicUrl: string): string[] {
  const description = night.description ? `${night.description}\n\n${publicUrl}` : publicUrl
  return [
    'BEGIN:VEVENT',
    // The night's id never changes, so a calendar updates the same entry when the night is edited.
    `UID:${night.id}@lootqueue`,
    `DTSTAMP:${icsUtc(night.updatedAt)}`,
    `CREATED:${icsUtc(night.createdAt)}`,
    `LAST-MODIFIED:${icsUtc(night.updatedAt)}`,
    `DTSTART:${icsUtc(night.startsAt)}`,
    `DTEND:${icsUtc(night.runsUntil)}`,
    `SUMMARY:${icsText(night.name)}`,
    `DESCRIPTION:${icsText(description)}`,
    `URL:${publicUrl}`,
    // A night that did not happen stays in the feed, so a calendar that had it shows it cancelled.
    `STATUS:${night.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ]
}

/** The whole feed: one VEVENT per night, lines folded, CRLF line ends (§3.1). */
export function calendarDocument(input: { guildName: string; publicUrl: string; nights: FeedNight[] }) {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//LootQueue//Raid nights//EN',
    'CALSCALE:GREGORIAN',
    `X-WR-CALNAME:${icsText(`LootQueue · ${input.guildName}`)}`,
    // How often a subscribed calendar should read the feed again (RFC 7986, and Outlook's own name).
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...input.nights.flatMap((night) => nightEvent(night, input.publicUrl)),
    'END:VCALENDAR',
  ]
  return lines.map(foldLine).join(CRLF) + CRLF
}
