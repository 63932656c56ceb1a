import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import type { CalendarFeed, RaidNightDetail } from '../../../contract/raid-nights'
import { guilds } from '../../db/schema'
import { anonymous, buildGuild, buildMember } from '../../test/factories'
import { expectError } from '../../test/expect-error'
import { fileTestContext } from '../../test/harness'
import { actionLabel } from '../history/history.i18n'
import { api, auditOf, scheduleNight, tick } from './raid-nights.test-support'

const ctx = await fileTestContext()
afterEach(() => ctx.setNow(null))

const NOW = new Date('2026-12-10T15:00:00Z')

/** A guild on a live trial, its admin and a member, at NOW. */
async function guildNow() {
  ctx.setNow(NOW)
  const { guild, admin } = await buildGuild(ctx, { name: `Calendário ${crypto.randomUUID().slice(0, 6)}` })
  const member = await buildMember(ctx, { guildId: guild.id })
  return { guild, admin, member }
}

const feedPath = (url: string) => new URL(url).pathname

// An iCalendar reader written for this test from RFC 5545, not the product's writer: unfold (§3.1), then
// split each line into name, parameters and value; TEXT values unescaped (§3.3.11).
type Property = { name: string; params: string; value: string }
function unfold(text: string): string[] {
  return text.replace(/\r\n[ \t]/g, '').split('\r\n')
}
function parse(text: string) {
  const events: Property[][] = []
  let current: Property[] | null = null
  const calendar: Property[] = []
  for (const line of unfold(text).filter((l) => l !== '')) {
    const colon = line.indexOf(':')
    const head = line.slice(0, colon)
    const [name, ...params] = head.split(';')
    const property = { name: name!, params: params.join(';'), value: line.slice(colon + 1) }
    if (line === 'BEGIN:VEVENT') current = []
    else if (line === 'END:VEVENT') {
      events.push(current!)
      current = null
    } else (current ?? calendar).push(property)
  }
  const value = (props: Property[], name: string) => props.find((p) => p.name === name)?.value
  return { calendar, events: events.map((props) => (name: string) => value(props, name)) }
}
const unescapeText = (value: string) =>
  value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c))

async function readFeed(url: string) {
  const res = await anonymous(ctx)('GET', feedPath(url))
  const text = await res.text()
  expect(res.status, text).toBe(200)
  return { res, text, ...parse(text) }
}

describe('calendar feed', () => {
  it('has no address until an admin makes one; members read it, only admins replace it (audited)', async () => {
    const { guild, admin, member } = await guildNow()
    expect(await api<CalendarFeed>(member, 'GET', '/raid-nights-calendar')).toEqual({ url: null })
    await expectError(await member.request('POST', '/api/v1/raid-nights-calendar'), 403, 'FORBIDDEN')
    expect((await auditOf(ctx, guild.id)).map((r) => r.actionType)).toEqual([])

    const { url } = await api<CalendarFeed>(admin, 'POST', '/raid-nights-calendar')
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}$/)
    expect(await api<CalendarFeed>(member, 'GET', '/raid-nights-calendar')).toEqual({ url })
    const [row] = await auditOf(ctx, guild.id)
    // The first address is made, not replaced (outside test F, defect 7): nobody's subscription stopped.
    expect(row).toMatchObject({ actionType: 'CALENDAR_FEED_CREATE', description: guild.name })
    // The token is the guild's own secret: never in the guild's JSON export.
    const exported = await (await admin.request('GET', '/api/v1/guild/export')).text()
    expect(exported).not.toContain(feedPath(url!).split('/').at(-1))
  })

  it('lists the nights of the last 8 weeks and every one to come, cancelled ones as CANCELLED, in UTC', async () => {
    const { guild, admin, member } = await guildNow()
    const other = await guildNow()
    await scheduleNight(other.member, { name: 'Noite de outra guild', date: '2026-12-11' })
    await scheduleNight(member, { name: 'Nine weeks ago', date: '2026-10-08' })
    const old = await scheduleNight(member, {
      name: 'Seven weeks ago',
      description: null,
      date: '2026-10-22',
      endTime: null,
    })
    await api(member, 'POST', `/raid-nights/${old.id}/status`, { action: 'complete' })
    await api(member, 'POST', `/raid-nights/${old.id}/status`, { action: 'archive' })
    const cancelled = await scheduleNight(member, { name: 'Cancelled one', date: '2026-12-03' })
    await api(member, 'POST', `/raid-nights/${cancelled.id}/status`, { action: 'cancel' })
    const next = await scheduleNight(member, {
      name: 'Raid de quinta; Naxx, asa 1',
      description: 'Levem poções, frascos\\comida.\nEncontro às 19:45; invites às 19:50.',
      date: '2026-12-17',
      startTime: '21:30',
      endTime: '00:30',
    })
    const { url } = await api<CalendarFeed>(admin, 'POST', '/raid-nights-calendar')

    const { res, text, calendar, events } = await readFeed(url!)
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true)
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true)
    // Every line ends in CRLF: no bare LF anywhere.
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    expect(calendar.find((p) => p.name === 'PRODID')?.value).toBeTruthy()

    expect(events.map((e) => e('SUMMARY'))).toEqual([
      'Seven weeks ago',
      'Cancelled one',
      'Raid de quinta\\; Naxx\\, asa 1',
    ])
    expect(events.map((e) => e('STATUS'))).toEqual(['CONFIRMED', 'CANCELLED', 'CONFIRMED'])
    expect(events.map((e) => e('UID'))).toEqual(
      [old.id, cancelled.id, next.id].map((id) => `${id}@lootqueue`),
    )
    const last = events[2]!
    // 21:30 in São Paulo (UTC−3) on the 17th, to 00:30 the next day; a night without an end runs 6 hours.
    expect([last('DTSTART'), last('DTEND')]).toEqual(['20261218T003000Z', '20261218T033000Z'])
    expect([events[0]!('DTSTART'), events[0]!('DTEND')]).toEqual(['20261022T230000Z', '20261023T050000Z'])
    const publicUrl = `http://localhost:3000/guilds/${guild.slug}`
    expect(unescapeText(last('DESCRIPTION')!)).toBe(
      `Levem poções, frascos\\comida.\nEncontro às 19:45; invites às 19:50.\n\n${publicUrl}`,
    )
    expect(unescapeText(events[0]!('DESCRIPTION')!)).toBe(publicUrl)
    expect(last('URL')).toBe(publicUrl)
    for (const event of events) expect(event('DTSTAMP')).toMatch(/^\d{8}T\d{6}Z$/)
  })

  it('folds long lines at 75 octets without splitting a character, and the text reads back whole', async () => {
    const { admin, member } = await guildNow()
    const description = `${'Ação épica — '.repeat(60)}fim`
    await scheduleNight(member, { name: 'Noite dos Dragões Ancestrais '.repeat(4).trim(), description })
    const { url } = await api<CalendarFeed>(admin, 'POST', '/raid-nights-calendar')
    const { text, events } = await readFeed(url!)
    const lines = text.split('\r\n')
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75)
    expect(lines.filter((l) => l.startsWith(' ')).length).toBeGreaterThan(10)
    // No line holds half of a multi-byte character.
    for (const line of lines) expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line)
    expect(unescapeText(events[0]!('DESCRIPTION')!).startsWith(description)).toBe(true)
    expect(events[0]!('SUMMARY')).toBe('Noite dos Dragões Ancestrais '.repeat(4).trim())
  })

  it('keeps each night’s UID when it is edited, and says when it changed', async () => {
    const { admin, member } = await guildNow()
    const night = await scheduleNight(member)
    const { url } = await api<CalendarFeed>(admin, 'POST', '/raid-nights-calendar')
    const first = (await readFeed(url!)).events[0]!
    tick(ctx)
    await api<RaidNightDetail>(member, 'PATCH', `/raid-nights/${night.id}`, { startTime: '21:00' })
    const edited = (await readFeed(url!)).events[0]!
    expect(edited('UID')).toBe(first('UID'))
    expect(edited('DTSTART')).toBe('20261211T000000Z')
    expect(edited('LAST-MODIFIED')).not.toBe(first('LAST-MODIFIED'))
  })

  it('a new address replaces the old one at once (logged as replaced); unknown or malformed tokens are 404', async () => {
    const { guild, admin } = await guildNow()
    const first = (await api<CalendarFeed>(admin, 'POST', '/raid-nights-calendar')).url!
    await readFeed(first)
    tick(ctx)
    const second = (await api<CalendarFeed>(admin, 'POST', '/raid-nights-calendar')).url!
    expect(second).not.toBe(first)
    expect((await auditOf(ctx, guild.id)).map((r) => r.actionType)).toEqual([
      'CALENDAR_FEED_CREATE',
      'CALENDAR_FEED_RESET',
    ])
    expect([actionLabel('pt', 'CALENDAR_FEED_CREATE'), actionLabel('pt', 'CALENDAR_FEED_RESET')]).toEqual([
      'Link do calendário criado',
      'Link do calendário trocado',
    ])
    expect([actionLabel('en', 'CALENDAR_FEED_CREATE'), actionLabel('en', 'CALENDAR_FEED_RESET')]).toEqual([
      'Calendar link created',
      'Calendar link replaced',
    ])
    await expectError(await anonymous(ctx)('GET', feedPath(first)), 404, 'NOT_FOUND')
    await readFeed(second)
    const unknown = `/api/v1/calendar/${'A'.repeat(43)}`
    await expectError(await anonymous(ctx)('GET', unknown), 404, 'NOT_FOUND')
    await expectError(await anonymous(ctx)('GET', '/api/v1/calendar/short'), 404, 'NOT_FOUND')
  })

  it('is Pro, like raid nights: a lapsed guild’s feed and address answer 402', async () => {
    const { guild, admin, member } = await guildNow()
    const { url } = await api<CalendarFeed>(admin, 'POST', '/raid-nights-calendar')
    await ctx.database.db
      .update(guilds)
      .set({ subscriptionStatus: 'canceled' })
      .where(eq(guilds.id, guild.id))
    await expectError(await anonymous(ctx)('GET', feedPath(url!)), 402, 'SUBSCRIPTION_REQUIRED')
    await expectError(
      await member.request('GET', '/api/v1/raid-nights-calendar'),
      402,
      'SUBSCRIPTION_REQUIRED',
    )
    await expectError(
      await admin.request('POST', '/api/v1/raid-nights-calendar'),
      402,
      'SUBSCRIPTION_REQUIRED',
    )
  })
})
