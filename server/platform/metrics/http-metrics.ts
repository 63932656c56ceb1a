import type { Hono } from 'hono'
import type { Metrics } from './metrics'

// Each answer, routed by Hono or answered from the read cache before the router, is counted under its route
// template ('/api/v1/items/:id/queue'), never its path: a slug or an id never becomes a label value, and the
// number of series stays the number of routes.

/** Methods named as they are; anything else a client invents is 'OTHER'. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
/** The queue-write routes (server/modules/queues): every method but GET on these templates. */
const QUEUE_WRITE_ROUTE = /^\/api\/v1\/(queue-entries\/|items\/:id\/queue)/

/** Records one answer: its method, route template, status and how long it took. */
export function requestObserver(metrics: Metrics) {
  // The observers of each method, route and status (a bounded set), made once (request-histogram.ts).
  const children = new Map<string, ((seconds: number) => void)[]>()
  return (method: string, route: string, status: number, seconds: number) => {
    const named = METHODS.has(method) ? method : 'OTHER'
    const key = `${named} ${status} ${route}`
    let observers = children.get(key)
    if (!observers) {
      const code = String(status)
      observers = [metrics.requestDuration.series(named, route, code)]
      if (named !== 'GET' && named !== 'HEAD' && QUEUE_WRITE_ROUTE.test(route))
        observers.push(metrics.queueWriteDuration.series(route, code))
      children.set(key, observers)
    }
    for (const observe of observers) observe(seconds)
  }
}

/** Paths whose template is remembered: a raid asks for the same few again and again. */
const REMEMBERED_PATHS = 1000

/**
 * The template of the route that answers `method` and `path` in `app`, for answers made without routing
 * (server/lib/reads-before-router.ts): the first route of that method that matches (middleware, registered
 * for every method, is passed over).
 */
export function routeTemplates(app: Hono<never>) {
  let known = new Map<string, string>()
  return (method: string, path: string): string => {
    const key = method === 'GET' ? path : `${method} ${path}`
    let template = known.get(key)
    if (template === undefined) {
      template = 'unmatched'
      const [matches] = app.router.match(method, path)
      for (const [[, route]] of matches) {
        if (route.method !== method) continue
        template = route.path
        break
      }
      if (known.size >= REMEMBERED_PATHS) known = new Map()
      known.set(key, template)
    }
    return template
  }
}
