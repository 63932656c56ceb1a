import { errorsOf } from '../../../contract/common'
import { PublicVisibilitySchema } from '../../../contract/public-visibility'
import { actorOf, adminChain, guildIdOf, memberChain } from '../../auth/guards'
import { grantAccess } from '../public/public-gate'
import { publicPagePath } from '../public/public-cookie'
import { guildOf } from '../public/public.service'
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

const previewRoute = route('get', '/guild/public-preview', {
  summary:
    "Members: open the guild's public page as a visitor sees it, without typing the password (sets the same 12 h access cookie the password gives, then redirects)",
  middleware: [...memberChain],
  responses: {
    302: {
      description:
        'To /guilds/{slug}, with the access cookie when the guild has a public password (without one the page says so)',
      headers: {
        Location: { required: true, schema: { type: 'string' as const } },
        'Set-Cookie': {
          required: false,
          description: "The public page's access cookie (as POST /public/guilds/{slug}/access sets it)",
          schema: { type: 'string' as const },
        },
      },
    },
  },
})

export const publicVisibilityRouter = createRouter()
  .openapi(getRoute, async (c) => c.json(await getPublicVisibility(c.get('deps'), guildIdOf(c)), 200))
  .openapi(putRoute, async (c) =>
    c.json(await setPublicVisibility(c.get('deps'), actorOf(c), c.req.valid('json')), 200),
  )
  // A member already reads the password (GET /guild): the cookie gives nothing they could not type in.
  // What the page then shows is the public's own answers, reduced by the same rules; not an access-log
  // entry, which counts visitors.
  .openapi(previewRoute, async (c) => {
    const deps = c.get('deps')
    const { slug } = c.get('guild')!
    const guild = await guildOf(deps, slug)
    if (guild?.publicAccessPassword) grantAccess(c, deps, guild)
    c.header('Cache-Control', 'private, no-store')
    return c.redirect(publicPagePath(slug), 302)
  })
