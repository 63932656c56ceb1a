import { bodyLimit } from 'hono/body-limit'
import { errorResponse, errorResponses } from '../../../contract/common'
import {
  IMPORT_MAX_BYTES,
  IMPORT_REQUESTS_PER_HOUR,
  ImportPreviewSchema,
  ImportRequestSchema,
  ImportResultSchema,
} from '../../../contract/imports'
import { actorOf, adminChain, guildIdOf } from '../../auth/guards'
import { AppError } from '../../lib/app-error'
import { limitRequests } from '../../lib/rate-limit'
import { createRouter, declareRoutes, jsonBody, jsonResponse, retryAfterHeader } from '../../lib/router'
import { previewImport, runImport } from './imports.service'

// Files travel as text inside a JSON body, like every write of the API (docs/decisions/012-imports-and-player-page.md).

/** Previews and imports of one guild share one allowance (the app's one limiter). */
const limitImports = limitRequests((c) => `import|${guildIdOf(c)}`, {
  window: 3600,
  max: IMPORT_REQUESTS_PER_HOUR,
})

// JSON doubles a file's quotes and line ends at most: a body past twice the limit cannot be within it.
const limitBody = bodyLimit({
  maxSize: 2 * IMPORT_MAX_BYTES + 64 * 1024,
  onError: () => {
    throw new AppError('IMPORT_FILE_TOO_LARGE')
  },
})

const route = declareRoutes({
  tags: ['guild'],
  middleware: [...adminChain, limitImports, limitBody],
  request: { body: jsonBody(ImportRequestSchema) },
  responses: {
    ...errorResponses,
    413: errorResponse('Over 10 MB or 50,000 rows (IMPORT_FILE_TOO_LARGE, IMPORT_TOO_MANY_ROWS)'),
    429: { ...errorResponse('Too many previews and imports this hour'), headers: retryAfterHeader },
  },
})

const previewRoute = route('post', '/guild/import/preview', {
  summary:
    'Admins: what an import of these files would add, the first rows and every problem with its line; writes nothing',
  responses: { 200: jsonResponse(ImportPreviewSchema, 'The preview') },
})

const importRoute = route('post', '/guild/import', {
  summary:
    'Admins: imports the files in one transaction; any problem refuses all of it (IMPORT_HAS_PROBLEMS)',
  responses: {
    200: jsonResponse(ImportResultSchema, 'Imported'),
    422: errorResponse('The files have problems: nothing was written (IMPORT_HAS_PROBLEMS)'),
  },
})

export const importsRouter = createRouter()
  .openapi(previewRoute, async (c) =>
    c.json(await previewImport(c.get('deps'), guildIdOf(c), c.req.valid('json'), c.get('lang')), 200),
  )
  .openapi(importRoute, async (c) =>
    c.json(await runImport(c.get('deps'), actorOf(c), c.req.valid('json'), c.get('lang')), 200),
  )
