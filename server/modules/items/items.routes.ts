import { z } from '@hono/zod-openapi'
import { errorResponses, IdParamSchema } from '../../../contract/common'
import {
  ItemInputSchema,
  ItemPatchSchema,
  ItemSchema,
  ItemsSummaryQuerySchema,
  ItemsSummarySchema,
} from '../../../contract/items'
import { actorOf, guildIdOf, memberChain } from '../../auth/guards'
import { cachedJson } from '../../lib/cached-answer'
import { cachedJsonResponses, createRouter, declareRoutes, jsonBody, jsonResponse } from '../../lib/router'
import { createItem, deleteItem, getItems, getItemsSummary, updateItem } from './items.service'

const route = declareRoutes({ tags: ['items'], middleware: [...memberChain], responses: errorResponses })

const listRoute = route('get', '/items', {
  summary: "The guild's items, newest first, with the number of active players in each queue",
  responses: cachedJsonResponses(z.object({ items: z.array(ItemSchema) }), 'Items'),
})

const summaryRoute = route('get', '/items-summary', {
  summary: 'The four counters of the items screen; "today" starts at the given instant',
  request: { query: ItemsSummaryQuerySchema },
  responses: cachedJsonResponses(ItemsSummarySchema, 'Counters'),
})

const createItemRoute = route('post', '/items', {
  summary: 'Adds an item (trimmed; empty description, type or rarity → null; public by default)',
  request: { body: jsonBody(ItemInputSchema) },
  responses: { 201: jsonResponse(ItemSchema, 'The new item') },
})

const updateRoute = route('patch', '/items/{id}', {
  summary: 'Changes the given fields, or the public visibility alone',
  request: { params: IdParamSchema, body: jsonBody(ItemPatchSchema) },
  responses: { 200: jsonResponse(ItemSchema, 'The item') },
})

const deleteRoute = route('delete', '/items/{id}', {
  summary: 'Deletes the item and its queue (loot history keeps the name)',
  request: { params: IdParamSchema },
  responses: { 204: { description: 'Deleted' } },
})

export const itemsRouter = createRouter()
  // The list and its counters come from the read cache (docs/decisions/009-cached-reads.md): every member
  // reads them on each visit to the queues screen, they cost queries over every item's queue, and they
  // change only on writes.
  .openapi(listRoute, async (c) => {
    const guildId = guildIdOf(c)
    return cachedJson(c, guildId, { kind: 'items' }, async () => ({
      value: { items: await getItems(c.get('deps'), guildId) },
      changesAt: [],
    }))
  })
  // Cached per day start (each member's time zone has its own): counted over every queue and the history.
  .openapi(summaryRoute, async (c) => {
    const guildId = guildIdOf(c)
    const todayStart = new Date(c.req.valid('query').todayStart)
    const key = { kind: 'items-summary' as const, variant: todayStart.toISOString() }
    return cachedJson(c, guildId, key, async () => ({
      value: await getItemsSummary(c.get('deps'), guildId, todayStart),
      changesAt: [],
    }))
  })
  .openapi(createItemRoute, async (c) =>
    c.json(await createItem(c.get('deps'), actorOf(c), c.req.valid('json')), 201),
  )
  .openapi(updateRoute, async (c) =>
    c.json(await updateItem(c.get('deps'), actorOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(deleteRoute, async (c) => {
    await deleteItem(c.get('deps'), actorOf(c), c.req.valid('param').id)
    return c.body(null, 204)
  })
