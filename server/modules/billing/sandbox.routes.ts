import { createRoute, z } from '@hono/zod-openapi'
import { SandboxPortalActionSchema, SandboxSessionSchema } from '../../../contract/billing'
import { errorResponses } from '../../../contract/common'
import { adminChain, guildIdOf } from '../../auth/guards'
import { createRouter, json, jsonResponse } from '../../lib/router'
import * as sandbox from './sandbox.service'

// The sandbox's checkout and portal pages (/billing/sandbox/{id} in the web app) read and act on their
// session here. Admins of the session's guild only; another guild's session is not found.

const tags = ['billing']
const SessionParamSchema = z.object({ id: z.string().min(1).max(100) })
const answers = {
  200: jsonResponse(SandboxSessionSchema, 'The session after the act'),
  401: errorResponses[401],
  403: errorResponses[403],
  404: errorResponses[404],
  409: errorResponses[409],
}

const getRoute = createRoute({
  method: 'get',
  path: '/billing/sandbox/sessions/{id}',
  tags,
  summary: 'Sandbox: a checkout or portal session, as its local page shows it',
  middleware: [...adminChain] as const,
  request: { params: SessionParamSchema },
  responses: answers,
})

const payRoute = createRoute({
  method: 'post',
  path: '/billing/sandbox/sessions/{id}/pay',
  tags,
  summary: 'Sandbox: pay a checkout session (the event Stripe sends for a paid checkout)',
  middleware: [...adminChain] as const,
  request: { params: SessionParamSchema },
  responses: answers,
})

const cancelRoute = createRoute({
  method: 'post',
  path: '/billing/sandbox/sessions/{id}/cancel',
  tags,
  summary: 'Sandbox: abandon a checkout session (nothing is charged)',
  middleware: [...adminChain] as const,
  request: { params: SessionParamSchema },
  responses: answers,
})

const portalRoute = createRoute({
  method: 'post',
  path: '/billing/sandbox/sessions/{id}/portal',
  tags,
  summary: 'Sandbox portal: cancel the subscription, or simulate a failed or recovered payment',
  middleware: [...adminChain] as const,
  request: { params: SessionParamSchema, body: { required: true, content: json(SandboxPortalActionSchema) } },
  responses: { ...answers, 400: errorResponses[400] },
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
