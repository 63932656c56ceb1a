import { createRoute, OpenAPIHono, type RouteConfig } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { errorResponse, type FieldLimit, issueLimit } from '../../contract/common'
import type { AppEnv } from '../app-context'
import { requirePro, requireUser } from '../auth/guards'
import { AppError } from './app-error'
import { fieldCode } from './field-codes'
import { checksOrigin } from './origin-check'

/**
 * Every module's router: invalid input becomes VALIDATION_FAILED with one code per field, and a field refused
 * for being too long (too many, too big) has its limit in `limits`, from the schema's own maximum.
 */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        // @hono/zod-validator passes what was sent as `data` beside the result; its hook type leaves it out.
        const sent = (result as { data?: unknown }).data
        const fields: Record<string, string> = {}
        const limits: Record<string, FieldLimit> = {}
        for (const issue of result.error.issues) {
          // A parameter or field the schema does not take is named itself (the issue is its object's).
          const paths =
            issue.code === 'unrecognized_keys' ? issue.keys.map((k) => [...issue.path, k]) : [issue.path]
          for (const path of paths) {
            const key = path.join('.') || '_'
            if (fields[key] !== undefined) continue
            fields[key] = fieldCode(issue, sent)
            const limit = issueLimit(issue)
            if (limit) limits[key] = limit
          }
        }
        throw new AppError('VALIDATION_FAILED', {
          fields,
          ...(Object.keys(limits).length > 0 ? { limits } : {}),
        })
      }
    },
  })
}

/** OpenAPI content of a JSON body or response. */
export const json = <T>(schema: T) => ({ 'application/json': { schema } })

/** An OpenAPI JSON response with its description. */
export const jsonResponse = <T>(schema: T, description: string) => ({ description, content: json(schema) })

/** An OpenAPI JSON request body; a route whose body may be left out says `required: false`. */
export const jsonBody = <T>(schema: T, { required = true } = {}) => ({ required, content: json(schema) })

/**
 * For a route whose JSON body is optional: a request with no body at all (the API's content type, as every
 * write carries, and nothing after it, as add-all was called before it took a body) reads as `{}` instead
 * of failing to parse with INVALID_JSON.
 */
export const noBodyIsEmptyObject = createMiddleware<AppEnv>(async (c, next) => {
  // Hono keeps each body read as a promise in bodyCache (its type says the value); json() parses `text`.
  const cache = c.req.bodyCache as { text?: Promise<string> }
  if ((await c.req.text()) === '') cache.text = Promise.resolve('{}')
  await next()
})

/**
 * An answer served from the read cache (server/lib/cached-answer.ts): 200 with its ETag, and 304 without a
 * body to a client whose If-None-Match holds that ETag.
 */
export const cachedJsonResponses = <T>(schema: T, description: string) => ({
  200: {
    description,
    content: json(schema),
    headers: {
      ETag: {
        required: true,
        description: 'Send it back as If-None-Match',
        schema: { type: 'string' as const },
      },
    },
  },
  304: {
    description: 'Not modified: the ETag sent in If-None-Match is still current (no body)',
    headers: { ETag: { required: true, schema: { type: 'string' as const } } },
  },
})

/** The Retry-After header of a 429 or a 503: seconds until the client may try again. */
export const retryAfterHeader = {
  'Retry-After': { required: true, description: 'Seconds to wait', schema: { type: 'string' as const } },
}

/** A download's Content-Disposition: the file name to save it as. */
export const attachmentHeader = {
  'Content-Disposition': {
    required: true,
    description: 'attachment; filename="…"',
    schema: { type: 'string' as const, pattern: '^attachment; filename=' },
  },
}

/** What the routes of a module (or of a part of one) share: tags, guards, error answers, a path parameter. */
type SharedParts = Pick<RouteConfig, 'tags' | 'middleware' | 'request'> & {
  responses?: RouteConfig['responses']
}

/** One route's own parts: its summary, and what it adds to the shared parts or puts in their place. */
type RouteParts = Omit<RouteConfig, 'method' | 'path' | 'responses'> & {
  summary: string
  responses?: RouteConfig['responses']
}

/** B's properties over A's, as one object type (what `{ ...a, ...b }` makes of two literals). */
type Over<A, B> = { [K in keyof A | keyof B]: K extends keyof B ? B[K] : K extends keyof A ? A[K] : never }
type PartOf<T, K extends string> = T extends { [Key in K]: infer V } ? V : Record<never, never>

/** The route `declareRoutes` makes: request and responses merged part by part, the rest the route's own. */
type DeclaredRoute<S, M, P, X> = Over<Omit<S, 'request' | 'responses'>, Omit<X, 'request' | 'responses'>> & {
  method: M
  path: P
  request: Over<PartOf<S, 'request'>, PartOf<X, 'request'>>
  responses: Over<PartOf<S, 'responses'>, PartOf<X, 'responses'>>
}

const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete'])

/** `get /items/{id}/queue` → `getItemsByIdQueue`: stable while the method and path are. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment)
      return param ? ['by', param[1]!] : segment.split(/[^A-Za-z0-9]+/)
    })
  return method + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('')
}

/**
 * What a route's declaration implies and the document must say (docs/decisions/015-openapi-document.md):
 * its operationId; the session cookie as its security when its guards start with requireUser (else what it
 * says, or none); the refusals its guards, its validation and the Origin check can answer; 500. A status
 * the route describes itself keeps its description.
 */
export function withImpliedParts(route: RouteConfig): RouteConfig {
  const middleware = [route.middleware ?? []].flat()
  const signedIn = middleware.includes(requireUser)
  const originChecked = WRITE_METHODS.has(route.method) && checksOrigin(route.path)
  const request = route.request ?? {}
  const implied: RouteConfig['responses'] = {}
  if (request.params || request.query || request.headers || request.body)
    implied[400] = errorResponse('Invalid input (VALIDATION_FAILED, INVALID_JSON)')
  // A path parameter with a control character names nothing (server/lib/path-guard.ts).
  if (route.path.includes('{')) implied[404] = errorResponse('Not found (NOT_FOUND)')
  if (signedIn)
    implied[401] = errorResponse(
      'Not signed in: no session cookie (UNAUTHENTICATED), or one whose session ended, with why (SESSION_EXPIRED, ' +
        'SESSION_PASSWORD_CHANGED, SESSION_SIGNED_OUT, SESSION_ACCOUNT_DELETED, SESSION_GUILD_DELETED, ' +
        'SESSION_REMOVED, SESSION_DEACTIVATED)',
    )
  if (middleware.includes(requirePro))
    implied[402] = errorResponse('Needs an active subscription or a live trial (SUBSCRIPTION_REQUIRED)')
  const refusals = [
    ...(signedIn ? ['deactivated, or in no guild (ACCOUNT_DEACTIVATED, NO_GUILD)'] : []),
    ...(originChecked ? ['sent from a page of another origin (ORIGIN_NOT_ALLOWED)'] : []),
  ]
  if (refusals.length > 0) implied[403] = errorResponse(`Refused: ${refusals.join('; or ')}`)
  if (originChecked) implied[415] = errorResponse('A body that is not JSON (UNSUPPORTED_MEDIA_TYPE)')
  implied[500] = errorResponse('An unexpected failure (INTERNAL); nothing was changed')
  const responses = { ...implied, ...route.responses }
  // The Origin check refuses before the route's own 403s: say so beside them.
  const own = route.responses[403]
  if (own && originChecked && 'description' in own)
    responses[403] = { ...own, description: `${own.description}; or ORIGIN_NOT_ALLOWED` }
  return {
    ...route,
    operationId: route.operationId ?? operationIdOf(route.method, route.path),
    security: route.security ?? (signedIn ? [{ [SESSION_SCHEME]: [] }] : []),
    responses,
  }
}

/** The security schemes the operations name (registered by `openApiDocument`). */
export const SESSION_SCHEME = 'session'
export const PUBLIC_ACCESS_SCHEME = 'publicAccess'
export const STRIPE_SIGNATURE_SCHEME = 'stripeSignature'
export const UNSUBSCRIBE_SIGNATURE_SCHEME = 'unsubscribeSignature'
/** Writes authenticated by a signature instead of a session, left alone by the Origin check (decision 004). */
export const SIGNED_SCHEMES = [STRIPE_SIGNATURE_SCHEME, UNSUBSCRIBE_SIGNATURE_SCHEME]

/**
 * The one way a route is declared. Say once what a module's routes share, then each route by its method,
 * path and parts:
 *
 *   const route = declareRoutes({ tags: ['items'], middleware: [...memberChain], responses: errorResponses })
 *   const updateRoute = route('patch', '/items/{id}', {
 *     summary: 'Changes the given fields',
 *     request: { params: IdParamSchema, body: jsonBody(ItemPatchSchema) },
 *     responses: { 200: jsonResponse(ItemSchema, 'The item') },
 *   })
 *
 * A route's `request` and `responses` add to the shared ones (a part of the same name, a body or a status,
 * replaces the shared one); anything else it gives (middleware, description) replaces the shared value. The
 * result is `createRoute`'s, with the literal types kept, so the handler's `c.req.valid(…)` and
 * `c.json(body, status)` are typed by it.
 */
export function declareRoutes<S extends SharedParts>(shared: S) {
  return <M extends RouteConfig['method'], P extends string, X extends RouteParts>(
    method: M,
    path: P,
    parts: X,
  ): DeclaredRoute<S, M, P, X> & { getRoutingPath(): string } => {
    const { request, responses, ...rest } = parts
    const route = createRoute(
      withImpliedParts({
        ...shared,
        ...rest,
        method,
        path,
        request: { ...shared.request, ...request },
        responses: { ...shared.responses, ...responses },
      }),
    )
    // What the spreads above make, which TypeScript does not work out for type parameters.
    return route as unknown as DeclaredRoute<S, M, P, X> & { getRoutingPath(): string }
  }
}

/**
 * The context of any handler whose validated input has these parts (`{ param: { id: string } }`), for a
 * helper that several handlers of a module call alike.
 */
export type HandlerContext<Valid extends object> = Context<AppEnv, string, { out: Valid }>

type OpenApiConfig = Parameters<OpenAPIHono['getOpenAPI31Document']>[0]

/**
 * The OpenAPI document of `api`: its declared routes and the other operations registered in it, with the
 * security schemes they name.
 */
export function openApiDocument(api: OpenAPIHono<AppEnv>, config: OpenApiConfig) {
  const registry = api.openAPIRegistry
  registry.registerComponent('securitySchemes', SESSION_SCHEME, {
    type: 'apiKey',
    in: 'cookie',
    name: 'lq.session_token',
    description:
      'The session cookie better-auth sets at sign-in (POST /auth/sign-in/email); named ' +
      '__Secure-lq.session_token when the app is served over https. httpOnly, SameSite=Lax.',
  })
  registry.registerComponent('securitySchemes', PUBLIC_ACCESS_SCHEME, {
    type: 'apiKey',
    in: 'cookie',
    name: 'lq_pub_<guild id without dashes>',
    description:
      "A guild's public-page access cookie, one per guild, set by POST /public/guilds/{slug}/access for " +
      "12 hours and sent only to that guild's /public/guilds/{slug} paths.",
  })
  registry.registerComponent('securitySchemes', STRIPE_SIGNATURE_SCHEME, {
    type: 'apiKey',
    in: 'header',
    name: 'Stripe-Signature',
    description: "Stripe's signature of the raw body with the webhook's signing secret",
  })
  registry.registerComponent('securitySchemes', UNSUBSCRIBE_SIGNATURE_SCHEME, {
    type: 'apiKey',
    in: 'query',
    name: 'token',
    description: "An e-mail's unsubscribe link: the member and the switch signed with the server's secret",
  })
  return api.getOpenAPI31Document(config)
}
