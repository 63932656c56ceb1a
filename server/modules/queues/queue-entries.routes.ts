import { errorResponses, IdParamSchema } from '../../../contract/common'
import {
  PenaltySchema,
  QueueActionNoteSchema,
  QueueActionSchema,
  QueueChangeSchema,
  ReceiveSchema,
} from '../../../contract/queues'
import { actorOf, memberChain } from '../../auth/guards'
import type { Deps } from '../../deps'
import type { GuildActor } from '../../lib/actor'
import { createRouter, declareRoutes, type HandlerContext, jsonBody, jsonResponse } from '../../lib/router'
import {
  markAbsent,
  markReceived,
  penalize,
  removePenalty,
  toggleNotInterested,
} from './queue-entries.service'
import { removeEntry } from './queues.service'

// Actions on one queue entry. Each answers what it changed in the item's queue (contract/queue-change.ts).

// An optional JSON body { note, notePrivate } says why (kept in the audit row; a receipt's also in the loot
// history), and whether the note is for officers only (docs/decisions/019-public-visibility.md).
const route = declareRoutes({
  tags: ['queues'],
  middleware: [...memberChain],
  request: { params: IdParamSchema, body: jsonBody(QueueActionNoteSchema, { required: false }) },
  responses: { 200: jsonResponse(QueueChangeSchema, 'What changed in the queue'), ...errorResponses },
})

const receivedRoute = route('post', '/queue-entries/{id}/received', {
  summary:
    'Marks the item received: +1 received, a loot history row, to the end of its group. During a raid ' +
    'night, linked to it, and the players ahead who are not here are passed over by the guild’s rule',
  request: { body: jsonBody(ReceiveSchema, { required: false }) },
})
const absentRoute = route('post', '/queue-entries/{id}/absent', {
  summary: 'Marks the player absent: +1 absent, to the end of its group',
  request: { body: jsonBody(QueueActionSchema, { required: false }) },
})
const notInterestedRoute = route('post', '/queue-entries/{id}/not-interested', {
  summary: 'Toggles not interested ⇄ pending',
  request: { body: jsonBody(QueueActionSchema, { required: false }) },
})
const penaltyRoute = route('post', '/queue-entries/{id}/penalty', {
  summary: 'Penalises the player for N days (N ≥ 1) with a note (the reason)',
  request: { body: jsonBody(PenaltySchema) },
})
const removePenaltyRoute = route('delete', '/queue-entries/{id}/penalty', {
  summary: 'Removes the penalty (409 NO_PENALTY when there is none)',
  request: { body: jsonBody(QueueActionSchema, { required: false }) },
})
const removeRoute = route('delete', '/queue-entries/{id}', { summary: 'Removes the player from the queue' })

/** An action on the path's entry with the request's body (a request without a body sends none). */
const onEntry = <B, T>(
  c: HandlerContext<{ param: { id: string }; json: B }>,
  act: (deps: Deps, actor: GuildActor, id: string, body: B) => T,
) => act(c.get('deps'), actorOf(c), c.req.valid('param').id, c.req.valid('json'))

export const queueEntriesRouter = createRouter()
  .openapi(receivedRoute, async (c) => c.json(await onEntry(c, markReceived), 200))
  .openapi(absentRoute, async (c) => c.json(await onEntry(c, markAbsent), 200))
  .openapi(notInterestedRoute, async (c) => c.json(await onEntry(c, toggleNotInterested), 200))
  .openapi(penaltyRoute, async (c) => c.json(await onEntry(c, penalize), 200))
  .openapi(removePenaltyRoute, async (c) => c.json(await onEntry(c, removePenalty), 200))
  .openapi(removeRoute, async (c) => {
    const { note = null, notePrivate = false } = c.req.valid('json')
    return c.json(
      await removeEntry(c.get('deps'), actorOf(c), c.req.valid('param').id, note, notePrivate),
      200,
    )
  })
