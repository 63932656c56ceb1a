import { errorsOf } from '../../../contract/common'
import { PublicVisibilitySchema } from '../../../contract/public-visibility'
import { actorOf, adminChain, guildIdOf, memberChain } from '../../auth/guards'
import { createRouter, declareRoutes, jsonBody, jsonResponse } from '../../lib/router'
import { getPublicVisibility, setPublicVisibility } from './public-visibility.service'

// What the public page shows: members read it (the dashboard says what the public sees), admins change it.
const route = declareRoutes({ tags: ['guild'], responses: errorsOf(401, 403) })

const getRoute = route('get', '/guild/public-visibility', {
  summary: 'What the public page shows: notes, counters, how much of each queue, attendance shares',
  middleware: [...memberChain],
  responses: { 200: jsonResponse(PublicVisibilitySchema, 'Settings') },
})

const putRoute = route('put', '/guild/public-visibility', {
  summary: 'Admins: change what the public page shows (audited)',
  middleware: [...adminChain],
  request: { body: jsonBody(PublicVisibilitySchema) },
  responses: { 200: jsonResponse(PublicVisibilitySchema, 'Settings'), ...errorsOf(400) },
})

export const publicVisibilityRouter = createRouter()
  .openapi(getRoute, async (c) => c.json(await getPublicVisibility(c.get('deps'), guildIdOf(c)), 200))
  .openapi(putRoute, async (c) =>
    c.json(await setPublicVisibility(c.get('deps'), actorOf(c), c.req.valid('json')), 200),
  )
