import { randomBytes } from 'node:crypto'
import type { CalendarFeed } from '../../../contract/raid-nights'
import type { Deps } from '../../deps'
import type { GuildActor } from '../../lib/actor'
import { AppError } from '../../lib/app-error'
import { publicPageUrl } from '../../lib/public-page-url'
import { deriveSubscription } from '../../lib/subscription-state'
import { insertAuditRow } from '../../platform/audit/audit.queries'
import { calendarDocument } from './calendar-ics'
import { calendarTokenOf, feedNights, guildOfCalendarToken, setCalendarToken } from './calendar.queries'

// The guild's calendar feed: an address holding a secret token that members subscribe to from Google
// Calendar or Outlook, with no session (docs/decisions/011-integrations.md, "Calendar feed").

/** The feed lists the nights of the last 8 weeks and every one to come. */
const FEED_PAST_DAYS = 56
/** At most this many nights, soonest first: a calendar has no use for a years-long schedule in one read. */
const FEED_MAX_NIGHTS = 1000
const DAY_MS = 86_400_000
/** 32 random bytes, base64url: 43 characters. Anything else cannot be a token and is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

const feedUrl = (appUrl: string, token: string) => `${appUrl}/api/v1/calendar/${token}`

/**
 * The feed's text, or 404 for a token no guild holds (an old one after a reset too). Raid nights are Pro:
 * a guild without an active subscription or live trial answers 402, like its screens.
 */
export async function calendarFeed(deps: Deps, token: string): Promise<string> {
  if (!TOKEN_SHAPE.test(token)) throw new AppError('NOT_FOUND')
  const { db } = deps.database
  const guild = await guildOfCalendarToken(db, token)
  if (!guild) throw new AppError('NOT_FOUND')
  const now = deps.now()
  if (!deriveSubscription(guild, now).allowed) throw new AppError('SUBSCRIPTION_REQUIRED')
  const from = new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS)
  const nights = await feedNights(db, guild.id, from, FEED_MAX_NIGHTS)
  return calendarDocument({
    guildName: guild.name,
    publicUrl: publicPageUrl(deps.env.APP_URL, guild.slug),
    nights,
  })
}

/** The feed's address, or null while the guild has none. */
export async function calendarFeedUrl(deps: Deps, guildId: string): Promise<CalendarFeed> {
  const token = await calendarTokenOf(deps.database.db, guildId)
  return { url: token ? feedUrl(deps.env.APP_URL, token) : null }
}

/**
 * A new address (the first, or in place of one that leaked): the old one stops working at once. The log says
 * which: CALENDAR_FEED_CREATE for the first, CALENDAR_FEED_RESET when it replaced one (members' subscriptions
 * to the old one stopped).
 */
export async function resetCalendarFeed(deps: Deps, actor: GuildActor): Promise<CalendarFeed> {
  const token = randomBytes(32).toString('base64url')
  const now = deps.now()
  await deps.database.db.transaction(async (tx) => {
    const { guildName, replaced } = await setCalendarToken(tx, actor.guildId, token, now)
    await insertAuditRow(tx, {
      ...actor,
      tableName: 'guilds',
      actionType: replaced ? 'CALENDAR_FEED_RESET' : 'CALENDAR_FEED_CREATE',
      recordId: actor.guildId,
      description: guildName,
      at: now,
    })
  })
  await deps.realtime.publish({ guildId: actor.guildId, topic: 'raid-nights' })
  return { url: feedUrl(deps.env.APP_URL, token) }
}
