import { createRoute, OpenAPIHono, type RouteConfig } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { AppEnv } from '../app-context'
import { AppError } from './app-error'

/** Every module's router: invalid input becomes VALIDATION_FAILED with one message per field. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        const fields: Record<string, string> = {}
        for (const issue of result.error.issues) {
          const key = issue.path.join('.') || '_'
          fields[key] ??= issue.message
        }
        throw new AppError('VALIDATION_FAILED', { fields })
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
    const route = createRoute({
      ...shared,
      ...rest,
      method,
      path,
      request: { ...shared.request, ...request },
      responses: { ...shared.responses, ...responses },
    })
    // What the spreads above make, which TypeScript does not work out for type parameters.
    return route as unknown as DeclaredRoute<S, M, P, X> & { getRoutingPath(): string }
  }
}

/**
 * The context of any handler whose validated input has these parts (`{ param: { id: string } }`), for a
 * helper that several handlers of a module call alike.
 */
export type HandlerContext<Valid extends object> = Context<AppEnv, string, { out: Valid }>
