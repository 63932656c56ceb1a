import { z } from '@hono/zod-openapi'
import { SandboxPortalActionSchema, SandboxSessionSchema } from '../../../contract/billing'
import { errorsOf } from '../../../contract/common'
import { adminChain, guildIdOf } from '../../auth/guards'
import type { Deps } from '../../deps'
import { createRouter, declareRoutes, type HandlerContext, jsonBody, jsonResponse } from '../../lib/router'
import * as sandbox from './sandbox.service'

// The sandbox's checkout and portal pages (/billing/sandbox/{id} in the web app) read and act on their
// session here. Admins of the session's guild only; another guild's session is not found.

// Every route acts on one session, by id, and answers the session as it is afterwards.
const route = declareRoutes({
  tags: ['billing'],
  middleware: [...adminChain],
  request: { params: z.object({ id: z.string().min(1).max(100) }) },
  responses: {
    200: jsonResponse(SandboxSessionSchema, 'The session after the act'),
    ...errorsOf(401, 403, 404, 409),
  },
})

const getRoute = route('get', '/billing/sandbox/sessions/{id}', {
  summary: 'Sandbox: a checkout or portal session, as its local page shows it',
})
const payRoute = route('post', '/billing/sandbox/sessions/{id}/pay', {
  summary: 'Sandbox: pay a checkout session (the event Stripe sends for a paid checkout)',
})
const cancelRoute = route('post', '/billing/sandbox/sessions/{id}/cancel', {
  summary: 'Sandbox: abandon a checkout session (nothing is charged)',
})
const portalRoute = route('post', '/billing/sandbox/sessions/{id}/portal', {
  summary: 'Sandbox portal: cancel the subscription, or simulate a failed or recovered payment',
  request: { body: jsonBody(SandboxPortalActionSchema) },
  responses: errorsOf(400),
})

/** An act on the path's session, in the admin's guild. */
const onSession = <T>(
  c: HandlerContext<{ param: { id: string } }>,
  act: (deps: Deps, guildId: string, id: string) => T,
) => act(c.get('deps'), guildIdOf(c), c.req.valid('param').id)

export const sandboxRouter = createRouter()
  .openapi(getRoute, async (c) => c.json(await onSession(c, sandbox.getSandboxSession), 200))
  .openapi(payRoute, async (c) => c.json(await onSession(c, sandbox.paySandboxSession), 200))
  .openapi(cancelRoute, async (c) => c.json(await onSession(c, sandbox.cancelSandboxSession), 200))
  .openapi(portalRoute, async (c) => {
    const { action } = c.req.valid('json')
    return c.json(
      await onSession(c, (deps, guildId, id) => sandbox.sandboxPortalAction(deps, guildId, id, action)),
      200,
    )
  })
