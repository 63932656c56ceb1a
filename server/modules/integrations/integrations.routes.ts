import { z } from '@hono/zod-openapi'
import { errorResponse, errorResponses, proErrorResponses } from '../../../contract/common'
import {
  DiscordSettingsSchema,
  IntegrationSchema,
  IntegrationsSchema,
  IntegrationTestResultSchema,
  WEBHOOK_SIGNATURE_HEADER,
  WebhookDeliverySchema,
  WebhookSettingsSchema,
} from '../../../contract/integrations'
import { actorOf, adminChain, guildIdOf, proAdminChain } from '../../auth/guards'
import { createRouter, declareRoutes, jsonBody, jsonResponse } from '../../lib/router'
import { getIntegrations, removeIntegration, saveIntegration, testIntegration } from './integrations.service'
import { INTEGRATION_KINDS } from '../../../contract/enums'

// Admins only. Reading and removing are always allowed; setting up and testing need an active subscription
// or a live trial, like the other Pro features (docs/product-rules.md#integrations, decision 011).
const tags = ['integrations']
const route = declareRoutes({ tags })
const KindParamSchema = z.object({ kind: z.enum(INTEGRATION_KINDS) })

const listRoute = route('get', '/integrations', {
  summary: "The guild's Discord webhook and signed webhook settings (addresses masked), or null when not set",
  middleware: [...adminChain],
  responses: { 200: jsonResponse(IntegrationsSchema, 'The settings'), ...errorResponses },
})

const signatureDoc =
  `Each delivery is a POST of a JSON WebhookDelivery with the header ${WEBHOOK_SIGNATURE_HEADER}: ` +
  '`t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. Check the HMAC over the raw body ' +
  'with your secret in constant time and refuse old times (replays). X-LootQueue-Event names the event, ' +
  'X-LootQueue-Delivery the delivery id (kept when a delivery is retried). Answer 2xx; 429, 408 and 5xx are ' +
  'retried with backoff; any other answer turns the webhook off until it is saved again.'

// What setting up either integration answers.
const savedSettings = { 200: jsonResponse(IntegrationSchema, 'Saved (address masked)'), ...proErrorResponses }

const discordRoute = route('put', '/integrations/discord', {
  summary:
    'Sets the Discord webhook (https, a Discord host, /api/webhooks/{id}/{token}; url left out keeps the ' +
    'stored one), the announced events and their language; saving turns a disabled one on again',
  middleware: proAdminChain,
  request: { body: jsonBody(DiscordSettingsSchema) },
  responses: savedSettings,
})

const webhookRoute = route('put', '/integrations/webhook', {
  summary:
    'Sets the signed JSON webhook: https address, signing secret (16+ characters), events and language',
  description: signatureDoc,
  middleware: proAdminChain,
  request: { body: jsonBody(WebhookSettingsSchema) },
  responses: savedSettings,
})

const removeRoute = route('delete', '/integrations/{kind}', {
  summary: 'Removes the integration and its unsent messages',
  middleware: [...adminChain],
  request: { params: KindParamSchema },
  responses: { 204: { description: 'Removed' }, ...errorResponses },
})

const testRoute = route('post', '/integrations/{kind}/test', {
  summary: 'Sends a test message now and answers what the receiver said (5 per minute per guild)',
  middleware: proAdminChain,
  request: { params: KindParamSchema },
  responses: {
    200: jsonResponse(IntegrationTestResultSchema, 'Whether the receiver accepted it'),
    ...proErrorResponses,
    429: errorResponse('Too many test messages (RATE_LIMITED)'),
  },
})

export const integrationsRouter = createRouter()
  .openapi(listRoute, async (c) => c.json(await getIntegrations(c.get('deps'), guildIdOf(c)), 200))
  .openapi(discordRoute, async (c) =>
    c.json(await saveIntegration(c.get('deps'), actorOf(c), 'discord', c.req.valid('json')), 200),
  )
  .openapi(webhookRoute, async (c) =>
    c.json(await saveIntegration(c.get('deps'), actorOf(c), 'webhook', c.req.valid('json')), 200),
  )
  .openapi(removeRoute, async (c) => {
    await removeIntegration(c.get('deps'), actorOf(c), c.req.valid('param').kind)
    return c.body(null, 204)
  })
  .openapi(testRoute, async (c) =>
    c.json(await testIntegration(c.get('deps'), c.get('guild')!, c.req.valid('param').kind), 200),
  )

// The generic webhook's deliveries, in the OpenAPI document's `webhooks` section.
integrationsRouter.openAPIRegistry.registerWebhook({
  method: 'post',
  path: 'lootqueue-announcement',
  tags,
  summary: 'What LootQueue POSTs to a guild’s signed webhook',
  description: signatureDoc,
  request: {
    headers: z.object({
      [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: z.string(),
      'x-lootqueue-event': z.string(),
      'x-lootqueue-delivery': z.uuid(),
    }),
    body: jsonBody(WebhookDeliverySchema),
  },
  responses: { 200: { description: 'Any 2xx: received' } },
})
