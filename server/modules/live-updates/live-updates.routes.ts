import { z } from '@hono/zod-openapi'
import { errorsOf } from '../../../contract/common'
import { actorOf, guildIdOf, memberChain } from '../../auth/guards'
import { createRouter, declareRoutes } from '../../lib/router'
import { memberStillAllowed, streamGuildEvents } from './live-updates.service'

const route = declareRoutes({ tags: ['realtime'], middleware: [...memberChain] })

const memberStreamRoute = route('get', '/events', {
  summary: "Server-sent events: what changed in the signed-in member's guild",
  description:
    'Events: `ready` once subscribed, with `{ changedAt }` (ms: when the guild last changed, as this server ' +
    'knows; refetch then, to catch up, after a reconnect or when the data shown was read before that), ' +
    '`change` with `{ topic, itemId? }`, ' +
    '`revoked` when the session or membership ended, with `{ reason? }` (why, when known: ' +
    '`password-changed`, `signed-out`, `account-deleted`, `guild-deleted`, `removed`, `deactivated`, `expired`), ' +
    '`reconnect` when this server process stops (the ' +
    'stream then ends: reconnect, and refetch on `ready`). A heartbeat comment every 25 s.',
  responses: {
    200: {
      description: 'An event stream',
      content: { 'text/event-stream': { schema: z.string() } },
    },
    ...errorsOf(401, 403),
  },
})

export const liveUpdatesRouter = createRouter().openapi(memberStreamRoute, (c) => {
  const guildId = guildIdOf(c)
  const deps = c.get('deps')
  const headers = c.req.raw.headers
  return streamGuildEvents(c, {
    guildId,
    // A removed or deactivated member loses the stream too, told why (sent to /auth?message=<why>;
    // docs/decisions/002-members-and-invitations.md, contract/session-end.ts).
    // 'members' is what deactivation and removal announce, so their open dashboard hears it at once.
    stillAllowed: () => memberStillAllowed(deps, headers, guildId),
    recheckOn: (event) => event.topic === 'guild' || event.topic === 'members',
    // A sign-out (here or in another tab), a password change elsewhere: ended at once, not at the heartbeat.
    userId: actorOf(c).userId,
  })
})
