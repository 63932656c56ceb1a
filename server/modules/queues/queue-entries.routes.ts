import { errorResponses, IdParamSchema } from '../../../contract/common'
import {
  PenaltySchema,
  QueueActionNoteSchema,
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
})
const notInterestedRoute = route('post', '/queue-entries/{id}/not-interested', {
  summary: 'Toggles not interested ⇄ pending',
})
const penaltyRoute = route('post', '/queue-entries/{id}/penalty', {
  summary: 'Penalises the player for N days (N ≥ 1) with a note (the reason)',
  request: { body: jsonBody(PenaltySchema) },
})
const removePenaltyRoute = route('delete', '/queue-entries/{id}/penalty', {
  summary: 'Removes the penalty (409 NO_PENALTY when there is none)',
})
const removeRoute = route('delete', '/queue-entries/{id}', { summary: 'Removes the player from the queue' })

/** An action on the path's entry, with the request's note (a request without a body has none). */
const onEntry = <T>(
  c: HandlerContext<{ param: { id: string }; json: { note?: string | null; notePrivate?: boolean } }>,
  act: (deps: Deps, actor: GuildActor, id: string, note: string | null, notePrivate: boolean) => T,
) => {
  const { note = null, notePrivate = false } = c.req.valid('json')
  return act(c.get('deps'), actorOf(c), c.req.valid('param').id, note, notePrivate)
}

export const queueEntriesRouter = createRouter()
  .openapi(receivedRoute, async (c) => {
    const { note, notePrivate, raidNightId } = c.req.valid('json')
    const input = { note, notePrivate, raidNightId }
    return c.json(await markReceived(c.get('deps'), actorOf(c), c.req.valid('param').id, input), 200)
  })
  .openapi(absentRoute, async (c) => c.json(await onEntry(c, markAbsent), 200))
  .openapi(notInterestedRoute, async (c) => c.json(await onEntry(c, toggleNotInterested), 200))
  .openapi(penaltyRoute, async (c) =>
    c.json(await penalize(c.get('deps'), actorOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(removePenaltyRoute, async (c) => c.json(await onEntry(c, removePenalty), 200))
  .openapi(removeRoute, async (c) => c.json(await onEntry(c, removeEntry), 200))
