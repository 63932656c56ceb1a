import { errorResponses } from '../../../contract/common'
import { PublicRulesInputSchema, PublicRulesSchema } from '../../../contract/queues'
import { actorOf, memberChain } from '../../auth/guards'
import { createRouter, declareRoutes, jsonBody, jsonResponse } from '../../lib/router'
import { getPublicRules, setPublicRules } from './public-rules.service'

const route = declareRoutes({ tags: ['queues'], middleware: [...memberChain], responses: errorResponses })

const getRoute = route('get', '/public-rules', {
  summary: "The guild's public rules",
  responses: { 200: jsonResponse(PublicRulesSchema, 'The rules') },
})

const putRoute = route('put', '/public-rules', {
  summary: "Replaces the guild's public rules (empty or null clears them; a body without publicRules is 400)",
  request: { body: jsonBody(PublicRulesInputSchema) },
  responses: { 200: jsonResponse(PublicRulesSchema, 'The saved rules') },
})

export const publicRulesRouter = createRouter()
  .openapi(getRoute, async (c) => c.json(await getPublicRules(c.get('deps'), actorOf(c).guildId), 200))
  .openapi(putRoute, async (c) =>
    c.json(await setPublicRules(c.get('deps'), actorOf(c), c.req.valid('json').publicRules), 200),
  )
