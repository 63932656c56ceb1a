import { createRoute } from '@hono/zod-openapi'
import { errorResponses, IdParamSchema } from '../../../contract/common'
import { PenaltySchema, QueueActionNoteSchema, QueueChangeSchema } from '../../../contract/queues'
import { actorOf, memberChain } from '../../auth/guards'
import { createRouter, jsonBody, jsonResponse } from '../../lib/router'
import {
  markAbsent,
  markReceived,
  penalize,
  removePenalty,
  toggleNotInterested,
} from './queue-entries.service'
import { removeEntry } from './queues.service'

// Actions on one queue entry. Each answers what it changed in the item's queue (contract/queue-change.ts).

const responses = {
  200: jsonResponse(QueueChangeSchema, 'What changed in the queue'),
  ...errorResponses,
}
// An optional JSON body { note } says why (kept in the audit row; a receipt's also in the loot history).
const withNote = { params: IdParamSchema, body: jsonBody(QueueActionNoteSchema, { required: false }) }
const base = { tags: ['queues'], middleware: [...memberChain], request: withNote, responses }

const receivedRoute = createRoute({
  ...base,
  method: 'post',
  path: '/queue-entries/{id}/received',
  summary: 'Marks the item received: +1 received, a loot history row, to the end of its group',
})
const absentRoute = createRoute({
  ...base,
  method: 'post',
  path: '/queue-entries/{id}/absent',
  summary: 'Marks the player absent: +1 absent, to the end of its group',
})
const notInterestedRoute = createRoute({
  ...base,
  method: 'post',
  path: '/queue-entries/{id}/not-interested',
  summary: 'Toggles not interested ⇄ pending',
})
const penaltyRoute = createRoute({
  ...base,
  method: 'post',
  path: '/queue-entries/{id}/penalty',
  summary: 'Penalises the player for N days (N ≥ 1) with a note (the reason)',
  request: { params: IdParamSchema, body: jsonBody(PenaltySchema) },
})
const removePenaltyRoute = createRoute({
  ...base,
  method: 'delete',
  path: '/queue-entries/{id}/penalty',
  summary: 'Removes the penalty (409 NO_PENALTY when there is none)',
})
const removeRoute = createRoute({
  ...base,
  method: 'delete',
  path: '/queue-entries/{id}',
  summary: 'Removes the player from the queue',
})

/** The validated note; a request without a body has none. */
const noteOf = (c: { req: { valid: (target: 'json') => { note?: string | null } } }) =>
  c.req.valid('json').note ?? null

export const queueEntriesRouter = createRouter()
  .openapi(receivedRoute, async (c) =>
    c.json(await markReceived(c.var.deps, actorOf(c), c.req.valid('param').id, noteOf(c)), 200),
  )
  .openapi(absentRoute, async (c) =>
    c.json(await markAbsent(c.var.deps, actorOf(c), c.req.valid('param').id, noteOf(c)), 200),
  )
  .openapi(notInterestedRoute, async (c) =>
    c.json(await toggleNotInterested(c.var.deps, actorOf(c), c.req.valid('param').id, noteOf(c)), 200),
  )
  .openapi(penaltyRoute, async (c) =>
    c.json(await penalize(c.var.deps, actorOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(removePenaltyRoute, async (c) =>
    c.json(await removePenalty(c.var.deps, actorOf(c), c.req.valid('param').id, noteOf(c)), 200),
  )
  .openapi(removeRoute, async (c) =>
    c.json(await removeEntry(c.var.deps, actorOf(c), c.req.valid('param').id, noteOf(c)), 200),
  )
