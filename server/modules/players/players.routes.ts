import { createRoute, z } from '@hono/zod-openapi'
import { errorResponses, IdParamSchema } from '../../../contract/common'
import { PlayerInputSchema, PlayerPatchSchema, PlayerSchema } from '../../../contract/players'
import { actorOf, guildIdOf, memberChain } from '../../auth/guards'
import { createRouter, json } from '../../lib/router'
import { createPlayer, deletePlayer, getPlayers, updatePlayer } from './players.service'

const base = { tags: ['players'], middleware: [...memberChain] }

const listRoute = createRoute({
  ...base,
  method: 'get',
  path: '/players',
  summary: "The guild's players, every status, by name",
  responses: {
    200: { description: 'Players', content: json(z.object({ players: z.array(PlayerSchema) })) },
    ...errorResponses,
  },
})

const createPlayerRoute = createRoute({
  ...base,
  method: 'post',
  path: '/players',
  summary: 'Adds a player (notes empty → null)',
  request: { body: { content: json(PlayerInputSchema), required: true } },
  responses: { 201: { description: 'The new player', content: json(PlayerSchema) }, ...errorResponses },
})

const updateRoute = createRoute({
  ...base,
  method: 'patch',
  path: '/players/{id}',
  summary: 'Changes name, notes or status; inactive and expelled players leave the queues (entries kept)',
  request: { params: IdParamSchema, body: { content: json(PlayerPatchSchema), required: true } },
  responses: { 200: { description: 'The player', content: json(PlayerSchema) }, ...errorResponses },
})

const deleteRoute = createRoute({
  ...base,
  method: 'delete',
  path: '/players/{id}',
  summary: 'Deletes the player and their queue entries (loot history keeps the name)',
  request: { params: IdParamSchema },
  responses: { 204: { description: 'Deleted' }, ...errorResponses },
})

export const playersRouter = createRouter()
  .openapi(listRoute, async (c) => c.json({ players: await getPlayers(c.var.deps, guildIdOf(c)) }, 200))
  .openapi(createPlayerRoute, async (c) =>
    c.json(await createPlayer(c.var.deps, actorOf(c), c.req.valid('json')), 201),
  )
  .openapi(updateRoute, async (c) =>
    c.json(await updatePlayer(c.var.deps, actorOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(deleteRoute, async (c) => {
    await deletePlayer(c.var.deps, actorOf(c), c.req.valid('param').id)
    return c.body(null, 204)
  })
