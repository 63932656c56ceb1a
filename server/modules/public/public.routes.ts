import { z } from '@hono/zod-openapi'
import { errorResponse } from '../../../contract/common'
import {
  PublicAccessInputSchema,
  PublicAccessResultSchema,
  PublicGateSchema,
  PublicItemParamSchema,
  PUBLIC_SLUG,
  PublicQueueSchema,
  PublicSlugParamSchema,
  PublicViewSchema,
  type PublicQueue,
  type PublicView,
} from '../../../contract/public'
import { AppError } from '../../lib/app-error'
import { answerCachedJson } from '../../lib/cached-answer'
import {
  cachedJsonResponses,
  createRouter,
  declareRoutes,
  json,
  jsonResponse,
  PUBLIC_ACCESS_SCHEME,
  retryAfterHeader,
} from '../../lib/router'
import { streamGuildEvents } from '../live-updates/live-updates.service'
import { accessCookiesOf, gateErrors, grantAccess } from './public-gate'
import { limitPublicAttempts } from './public-rate-limit'
import { cachedPublicQueue, cachedPublicView } from './public-reads'
import { accessStillValid, enter, gateInfo, requireAccess } from './public.service'

const route = declareRoutes({ tags: ['public'] })
/** The reads behind the gate, which need its access cookie. */
const behindGate = [{ [PUBLIC_ACCESS_SCHEME]: [] }]
// The reads behind the gate: its refusals, or an unknown guild or item.
const gated = { ...gateErrors, 404: errorResponse('Unknown guild or item') }

const gateRoute = route('get', '/public/guilds/{slug}', {
  summary: 'The gate: guild name, whether it is blocked, whether this browser already has access',
  // The access cookie is read when sent (hasAccess), never required.
  security: [{}, ...behindGate],
  request: { params: PublicSlugParamSchema },
  responses: { 200: jsonResponse(PublicGateSchema, 'Gate'), 404: errorResponse('Unknown guild') },
})

const accessRoute = route('post', '/public/guilds/{slug}/access', {
  summary: 'Checks the public password; success sets a 12 h access cookie for this guild',
  middleware: [limitPublicAttempts],
  request: {
    params: PublicSlugParamSchema,
    body: { content: json(PublicAccessInputSchema) },
  },
  responses: {
    200: {
      ...jsonResponse(PublicAccessResultSchema, 'Access granted'),
      headers: {
        'Set-Cookie': {
          required: true,
          description:
            'The access cookie for this guild (httpOnly, SameSite=Lax, 12 h, path /api/v1/public/guilds/{slug})',
          schema: { type: 'string' as const },
        },
      },
    },
    401: errorResponse('Wrong or missing password'),
    403: gateErrors[403],
    404: errorResponse('Unknown guild'),
    429: { ...errorResponse('Too many attempts from this address'), headers: retryAfterHeader },
  },
})

const viewRoute = route('get', '/public/guilds/{slug}/view', {
  summary: 'Guild name, public rules and public items with queue lengths',
  security: behindGate,
  request: { params: PublicSlugParamSchema },
  responses: { ...cachedJsonResponses(PublicViewSchema, 'Public view'), ...gated },
})

const queueRoute = route('get', '/public/guilds/{slug}/items/{itemId}/queue', {
  summary: "A public item's queue (active players) and its last recipient",
  security: behindGate,
  request: { params: PublicItemParamSchema },
  responses: { ...cachedJsonResponses(PublicQueueSchema, 'Queue'), ...gated },
})

const eventsRoute = route('get', '/public/guilds/{slug}/events', {
  summary: "Server-sent events: topics and item ids of this guild's changes, never data",
  description:
    'Events: `ready` once subscribed, with `{ changedAt }` (ms: when the guild last changed, as this server ' +
    'knows; refetch then, to catch up, after a reconnect or when the page was drawn from data read before ' +
    'that), `change` with `{ topic, itemId? }`, `revoked` when the access ended, `reconnect` when this server ' +
    'process stops. A heartbeat comment every 25 s.',
  security: behindGate,
  request: { params: PublicSlugParamSchema },
  responses: {
    200: { description: 'An event stream', content: { 'text/event-stream': { schema: z.string() } } },
    ...gated,
  },
})

export const publicRouter = createRouter()

// A slug slugify cannot produce (a NUL, a capital) names no guild: the same 404 as an unknown one, before the
// rate limiter keys on it or a query sees it.
publicRouter.use('/public/guilds/:slug/*', async (c, next) => {
  if (!PUBLIC_SLUG.test(c.req.param('slug') ?? '')) throw new AppError('GUILD_NOT_FOUND')
  await next()
})

// Answers depend on a per-guild cookie: no shared cache may keep them. The cached reads say
// `private, no-cache` themselves (kept, but revalidated with their ETag each time).
publicRouter.use('/public/*', async (c, next) => {
  await next()
  if (!c.res.headers.has('ETag')) c.header('Cache-Control', 'private, no-store')
})

publicRouter
  .openapi(gateRoute, async (c) => {
    const { slug } = c.req.valid('param')
    return c.json(await gateInfo(c.get('deps'), slug, accessCookiesOf(c)), 200)
  })
  .openapi(accessRoute, async (c) => {
    const deps = c.get('deps')
    const { slug } = c.req.valid('param')
    const { password } = c.req.valid('json')
    const { guild } = await enter(deps, { slug, password, userAgent: c.req.header('user-agent') })
    const cookie = grantAccess(c, deps, guild)
    return c.json({ ok: true as const, expiresAt: cookie.expiresAt.toISOString() }, 200)
  })
  // Served from the read cache (ETag, 304, gzip made once per change): a raid asks for these after every award.
  .openapi(viewRoute, async (c) => {
    const { slug } = c.req.valid('param')
    const { guild } = await requireAccess(c.get('deps'), slug, accessCookiesOf(c), c.get('arrivedAt'))
    const body = await cachedPublicView(
      c.get('deps'),
      guild,
      c.get('deps').now().getTime(),
      c.get('arrivedAt'),
    )
    return answerCachedJson<PublicView>(c, body)
  })
  .openapi(queueRoute, async (c) => {
    const { slug, itemId } = c.req.valid('param')
    const { guild } = await requireAccess(c.get('deps'), slug, accessCookiesOf(c), c.get('arrivedAt'))
    const deps = c.get('deps')
    const body = await cachedPublicQueue(deps, guild, itemId, deps.now().getTime(), c.get('arrivedAt'))
    return answerCachedJson<PublicQueue>(c, body)
  })
  .openapi(eventsRoute, async (c) => {
    const deps = c.get('deps')
    const { slug } = c.req.valid('param')
    const { guild, expiresAt } = await requireAccess(deps, slug, accessCookiesOf(c))
    const cookie = accessCookiesOf(c)(guild.id)
    return streamGuildEvents(c, {
      guildId: guild.id,
      // A changed password or an ended subscription closes open pages too, not only new requests.
      stillAllowed: () => accessStillValid(deps, slug, guild.id, cookie),
      recheckOn: (event) => event.topic === 'guild',
      closeAt: expiresAt,
    })
  })
