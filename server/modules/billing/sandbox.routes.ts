import { createRoute, z } from '@hono/zod-openapi'
import { SandboxPortalActionSchema, SandboxSessionSchema } from '../../../contract/billing'
import { errorsOf } from '../../../contract/common'
import { adminChain, guildIdOf } from '../../auth/guards'
import { createRouter, jsonBody, jsonResponse } from '../../lib/router'
import * as sandbox from './sandbox.service'

// The sandbox's checkout and portal pages (/billing/sandbox/{id} in the web app) read and act on their
// session here. Admins of the session's guild only; another guild's session is not found.

const SessionParamSchema = z.object({ id: z.string().min(1).max(100) })
// Every route acts on one session, by id, and answers the session as it is afterwards.
const base = {
  tags: ['billing'],
  middleware: [...adminChain],
  request: { params: SessionParamSchema },
  responses: {
    200: jsonResponse(SandboxSessionSchema, 'The session after the act'),
    ...errorsOf(401, 403, 404, 409),
  },
}

const getRoute = createRoute({
  ...base,
  method: 'get',
  path: '/billing/sandbox/sessions/{id}',
  summary: 'Sandbox: a checkout or portal session, as its local page shows it',
})

const payRoute = createRoute({
  ...base,
  method: 'post',
  path: '/billing/sandbox/sessions/{id}/pay',
  summary: 'Sandbox: pay a checkout session (the event Stripe sends for a paid checkout)',
})

const cancelRoute = createRoute({
  ...base,
  method: 'post',
  path: '/billing/sandbox/sessions/{id}/cancel',
  summary: 'Sandbox: abandon a checkout session (nothing is charged)',
})

const portalRoute = createRoute({
  ...base,
  method: 'post',
  path: '/billing/sandbox/sessions/{id}/portal',
  summary: 'Sandbox portal: cancel the subscription, or simulate a failed or recovered payment',
  request: { params: SessionParamSchema, body: jsonBody(SandboxPortalActionSchema) },
  responses: { ...base.responses, ...errorsOf(400) },
})

export const sandboxRouter = createRouter()
  .openapi(getRoute, async (c) =>
    c.json(await sandbox.getSandboxSession(c.var.deps, guildIdOf(c), c.req.valid('param').id), 200),
  )
  .openapi(payRoute, async (c) =>
    c.json(await sandbox.paySandboxSession(c.var.deps, guildIdOf(c), c.req.valid('param').id), 200),
  )
  .openapi(cancelRoute, async (c) =>
    c.json(await sandbox.cancelSandboxSession(c.var.deps, guildIdOf(c), c.req.valid('param').id), 200),
  )
  .openapi(portalRoute, async (c) =>
    c.json(
      await sandbox.sandboxPortalAction(
        c.var.deps,
        guildIdOf(c),
        c.req.valid('param').id,
        c.req.valid('json').action,
      ),
      200,
    ),
  )
