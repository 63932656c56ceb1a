import { createRoute } from '@hono/zod-openapi'
import { getCookie } from 'hono/cookie'
import { ErrorResponseSchema } from '../../../contract/common'
import { PlayerStandingSchema, PublicPlayerParamSchema } from '../../../contract/player-standing'
import { createRouter, json, jsonResponse } from '../../lib/router'
import { accessCookieName } from './public-cookie'
import { publicPlayer } from './public-player.service'

// Mounted after publicRouter: its slug check and its private, no-store header apply here too
// (they are registered for /public/guilds/:slug/* and /public/*).

const error = (description: string) => ({ description, content: json(ErrorResponseSchema) })

const playerRoute = createRoute({
  method: 'get',
  path: '/public/guilds/{slug}/players/{playerId}',
  tags: ['public'],
  summary:
    "An active player's place in every public queue, what they received and what moved them (same gate as the public view)",
  request: { params: PublicPlayerParamSchema },
  responses: {
    200: jsonResponse(PlayerStandingSchema, 'The player page'),
    401: error('No valid access cookie (PUBLIC_ACCESS_REQUIRED)'),
    403: error('Subscription or trial expired'),
    404: error('Unknown guild, or no active player of it'),
  },
})

export const publicPlayerRouter = createRouter().openapi(playerRoute, async (c) => {
  const { slug, playerId } = c.req.valid('param')
  const cookieOf = (guildId: string) => getCookie(c, accessCookieName(guildId))
  return c.json(await publicPlayer(c.var.deps, slug, playerId, cookieOf), 200)
})
