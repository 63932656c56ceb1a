import { z } from '@hono/zod-openapi'
import { errorResponses, IdParamSchema } from '../../../contract/common'
import {
  PlayerInputSchema,
  PlayerPatchSchema,
  PlayerSchema,
  PlayersAddedSchema,
  PlayersBatchSchema,
  PlayersRankChangedSchema,
  PlayersRankSchema,
} from '../../../contract/players'
import { actorOf, guildIdOf, memberChain } from '../../auth/guards'
import { createRouter, declareRoutes, jsonBody, jsonResponse } from '../../lib/router'
import {
  createPlayer,
  createPlayers,
  deletePlayer,
  getPlayers,
  setRankOfPlayers,
  updatePlayer,
} from './players.service'

const route = declareRoutes({ tags: ['players'], middleware: [...memberChain], responses: errorResponses })

const listRoute = route('get', '/players', {
  summary: "The guild's players, every status, by name",
  responses: { 200: jsonResponse(z.object({ players: z.array(PlayerSchema) }), 'Players') },
})

const createPlayerRoute = route('post', '/players', {
  summary: 'Adds a player (notes empty → null)',
  request: { body: jsonBody(PlayerInputSchema) },
  responses: { 201: jsonResponse(PlayerSchema, 'The new player') },
})

// Not under /players/, as /players-rank below.
const batchRoute = route('post', '/players-batch', {
  summary:
    'Adds several active players at once (one rank or none): all or nothing; 409 PLAYER_NAMES_TAKEN names the taken or repeated names',
  request: { body: jsonBody(PlayersBatchSchema) },
  responses: { 201: jsonResponse(PlayersAddedSchema, 'The new players, in the order given') },
})

const updateRoute = route('patch', '/players/{id}', {
  summary: 'Changes name, notes or status; inactive and expelled players leave the queues (entries kept)',
  request: { params: IdParamSchema, body: jsonBody(PlayerPatchSchema) },
  responses: { 200: jsonResponse(PlayerSchema, 'The player') },
})

// Not under /players/: a fixed segment there would sit beside /players/{id}/standing (docs/architecture.md).
const rankRoute = route('put', '/players-rank', {
  summary: 'Gives the selected players one rank (null: none) in one change; 404 when one is not the guild’s',
  request: { body: jsonBody(PlayersRankSchema) },
  responses: { 200: jsonResponse(PlayersRankChangedSchema, 'How many players changed rank') },
})

const deleteRoute = route('delete', '/players/{id}', {
  summary: 'Deletes the player and their queue entries (loot history keeps the name)',
  request: { params: IdParamSchema },
  responses: { 204: { description: 'Deleted' } },
})

export const playersRouter = createRouter()
  .openapi(listRoute, async (c) => c.json({ players: await getPlayers(c.get('deps'), guildIdOf(c)) }, 200))
  .openapi(createPlayerRoute, async (c) =>
    c.json(await createPlayer(c.get('deps'), actorOf(c), c.req.valid('json')), 201),
  )
  .openapi(batchRoute, async (c) =>
    c.json(await createPlayers(c.get('deps'), actorOf(c), c.req.valid('json')), 201),
  )
  .openapi(updateRoute, async (c) =>
    c.json(await updatePlayer(c.get('deps'), actorOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(rankRoute, async (c) => {
    const { playerIds, rankId } = c.req.valid('json')
    return c.json(await setRankOfPlayers(c.get('deps'), actorOf(c), playerIds, rankId), 200)
  })
  .openapi(deleteRoute, async (c) => {
    await deletePlayer(c.get('deps'), actorOf(c), c.req.valid('param').id)
    return c.body(null, 204)
  })
