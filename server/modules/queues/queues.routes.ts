import { errorResponses, IdParamSchema } from '../../../contract/common'
import {
  AddAllResultSchema,
  AddAllSchema,
  AddedToEveryQueueSchema,
  AddToQueueSchema,
  QueueChangeSchema,
  QueueViewSchema,
  ReorderSchema,
  UndoSchema,
} from '../../../contract/queues'
import { actorOf, memberChain } from '../../auth/guards'
import {
  cachedJsonResponses,
  createRouter,
  declareRoutes,
  jsonBody,
  jsonResponse,
  noBodyIsEmptyObject,
} from '../../lib/router'
import { publicRulesRouter } from './public-rules.routes'
import { queueEntriesRouter } from './queue-entries.routes'
import { addToEveryQueue } from './queue-every.service'
import { undoLastAction } from './queue-undo.service'
import { addAllPlayers, addPlayer, getQueue, reorder } from './queues.service'

const route = declareRoutes({ tags: ['queues'], middleware: [...memberChain], responses: errorResponses })

const getQueueRoute = route('get', '/items/{id}/queue', {
  summary: "An item's queue: active players' entries by position, and the undoable action",
  request: { params: IdParamSchema },
  // Answered from the read cache (server/modules/queue-reads).
  responses: cachedJsonResponses(QueueViewSchema, 'The queue'),
})

const addRoute = route('post', '/items/{id}/queue', {
  summary: 'Adds an active player at the end of the queue',
  request: { params: IdParamSchema, body: jsonBody(AddToQueueSchema) },
  responses: { 201: jsonResponse(QueueChangeSchema, 'The entry added') },
})

const addAllRoute = route('post', '/items/{id}/queue/add-all', {
  summary:
    'Adds every active player not yet in the queue, by name, or only those of the ranks given ("none": no rank); added 0 when none is missing',
  middleware: [...memberChain, noBodyIsEmptyObject],
  request: { params: IdParamSchema, body: jsonBody(AddAllSchema, { required: false }) },
  responses: { 200: jsonResponse(AddAllResultSchema, 'How many were added') },
})

const everyQueueRoute = route('post', '/players/{id}/every-queue', {
  summary:
    'Adds an active player at the end of every queue of the guild they are not in (one QUEUE_ADD each); added 0 when none',
  request: { params: IdParamSchema },
  responses: { 200: jsonResponse(AddedToEveryQueueSchema, 'How many queues the player joined, and which') },
})

const reorderRoute = route('put', '/items/{id}/queue/order', {
  summary:
    'Writes the full order of the shown entries (409 ORDER_MISMATCH when not a permutation of them; 409 ' +
    'QUEUE_CHANGED when queueVersion is given and the queue has changed since)',
  request: { params: IdParamSchema, body: jsonBody(ReorderSchema) },
  responses: { 200: jsonResponse(QueueChangeSchema, 'The new queue') },
})

const undoRoute = route('post', '/items/{id}/queue/undo', {
  summary:
    "Undoes the item's last queue action (within 10 minutes; 409 UNDO_SUPERSEDED when queueVersion is given " +
    'and another action came since; 409 UNDO_AFTER_RECAP for an award of a completed night without afterRecap)',
  middleware: [...memberChain, noBodyIsEmptyObject],
  request: { params: IdParamSchema, body: jsonBody(UndoSchema, { required: false }) },
  responses: { 200: jsonResponse(QueueChangeSchema, 'The restored queue') },
})

/** The module's one router: item queues, queue entries and the public rules. */
export const queuesRouter = createRouter()
  .openapi(getQueueRoute, async (c) => {
    const view = await getQueue(c.get('deps'), actorOf(c).guildId, c.req.valid('param').id)
    return c.json(view, 200)
  })
  .openapi(addRoute, async (c) => {
    const view = await addPlayer(
      c.get('deps'),
      actorOf(c),
      c.req.valid('param').id,
      c.req.valid('json').playerId,
    )
    return c.json(view, 201)
  })
  .openapi(addAllRoute, async (c) => {
    const ranks = c.req.valid('json')?.ranks
    return c.json(await addAllPlayers(c.get('deps'), actorOf(c), c.req.valid('param').id, ranks), 200)
  })
  .openapi(everyQueueRoute, async (c) => {
    return c.json(await addToEveryQueue(c.get('deps'), actorOf(c), c.req.valid('param').id), 200)
  })
  .openapi(reorderRoute, async (c) => {
    return c.json(await reorder(c.get('deps'), actorOf(c), c.req.valid('param').id, c.req.valid('json')), 200)
  })
  .openapi(undoRoute, async (c) => {
    const body = c.req.valid('json')
    return c.json(await undoLastAction(c.get('deps'), actorOf(c), c.req.valid('param').id, body ?? {}), 200)
  })
  .route('/', queueEntriesRouter)
  .route('/', publicRulesRouter)
