import type { Hono } from 'hono'
import type { Metrics } from './metrics'

// Each answer, routed by Hono or answered from the read cache before the router, is counted under its route
// template ('/api/v1/items/:id/queue'), never its path: a slug or an id never becomes a label value, and the
// number of series stays the number of routes.

/** Methods named as they are; anything else a client invents is 'OTHER'. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
/** The queue-write routes (server/modules/queues): every method but GET on these templates. */
const QUEUE_WRITE_ROUTE = /^\/api\/v1\/(queue-entries\/|items\/:id\/queue)/

type Observer = { observe: (seconds: number) => void }

/** Records one answer: its method, route template, status and the time since `started` (performance.now()). */
export function requestObserver(metrics: Metrics) {
  // One labelled child per method, route and status (a bounded set), made once: prom-client hashes the
  // labels on every call otherwise.
  const children = new Map<string, Observer[]>()
  return (method: string, route: string, status: number, started: number) => {
    const named = METHODS.has(method) ? method : 'OTHER'
    const key = `${named} ${status} ${route}`
    let observers = children.get(key)
    if (!observers) {
      const code = String(status)
      observers = [metrics.requestDuration.labels(named, route, code)]
      if (named !== 'GET' && named !== 'HEAD' && QUEUE_WRITE_ROUTE.test(route))
        observers.push(metrics.queueWriteDuration.labels(route, code))
      children.set(key, observers)
    }
    const seconds = (performance.now() - started) / 1000
    for (const observer of observers) observer.observe(seconds)
  }
}

/**
 * The template of the route that answers `method` and `path` in `app`, for answers made without routing
 * (server/lib/reads-before-router.ts): the first route of that method that matches (middleware, registered
 * for every method, is passed over).
 */
export function routeTemplates(app: Hono<never>) {
  return (method: string, path: string): string => {
    const [matches] = app.router.match(method, path)
    for (const [[, route]] of matches) if (route.method === method) return route.path
    return 'unmatched'
  }
}
