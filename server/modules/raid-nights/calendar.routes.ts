import { z } from '@hono/zod-openapi'
import { errorResponse, proErrorResponses } from '../../../contract/common'
import { CalendarFeedSchema } from '../../../contract/raid-nights'
import { actorOf, guildIdOf, proAdminChain, proMemberChain } from '../../auth/guards'
import { createRouter, declareRoutes, jsonResponse } from '../../lib/router'
import { calendarFeed, calendarFeedUrl, resetCalendarFeed } from './calendar.service'

// The raid nights' calendar feed (docs/decisions/011-integrations.md, "Calendar feed"): the feed itself,
// read by calendar apps with no session, and its address, which members read and admins replace (Pro).
const route = declareRoutes({ tags: ['raid nights'], responses: proErrorResponses })

const feedRoute = route('get', '/calendar/{token}', {
  summary: "The guild's raid nights as iCalendar (RFC 5545): the last 8 weeks and every one to come",
  description:
    'No session: the token in the address is the secret. Cancelled nights are listed as STATUS:CANCELLED. ' +
    'An unknown token (or one replaced since) is 404.',
  request: { params: z.object({ token: z.string() }) },
  responses: {
    200: {
      description: 'The calendar',
      content: { 'text/calendar': { schema: z.string() } },
      headers: {
        'Content-Disposition': {
          required: true,
          description: 'inline; filename="lootqueue.ics"',
          schema: { type: 'string' as const, pattern: '^inline; filename=' },
        },
      },
    },
    402: errorResponse('The guild has no active subscription or live trial'),
    404: errorResponse('No guild has this token'),
  },
})
const urlRoute = route('get', '/raid-nights-calendar', {
  summary: "The calendar feed's address (null until an admin makes one)",
  middleware: proMemberChain,
  responses: { 200: jsonResponse(CalendarFeedSchema, 'The address') },
})
const resetRoute = route('post', '/raid-nights-calendar', {
  summary: 'A new address for the calendar feed (admins); the previous one stops working',
  middleware: proAdminChain,
  responses: { 200: jsonResponse(CalendarFeedSchema, 'The new address') },
})

export const calendarRouter = createRouter()
  .openapi(feedRoute, async (c) => {
    const text = await calendarFeed(c.get('deps'), c.req.valid('param').token)
    return c.body(text, 200, {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': 'inline; filename="lootqueue.ics"',
      // The address is a secret, and a replaced one must stop answering: no shared or stored copies.
      'cache-control': 'private, no-store',
    })
  })
  .openapi(urlRoute, async (c) => c.json(await calendarFeedUrl(c.get('deps'), guildIdOf(c)), 200))
  .openapi(resetRoute, async (c) => c.json(await resetCalendarFeed(c.get('deps'), actorOf(c)), 200))
