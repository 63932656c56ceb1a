import type { Context, Hono } from 'hono'
import type { AppEnv } from '../app-context'
import { clientIp } from '../lib/client-ip'
import { requestOrigin } from '../lib/origin-check'
import { AUTH_BASE_PATH, type Auth, CLIENT_IP_HEADER, REQUEST_ORIGIN_HEADER } from './auth'
import { inApiErrorShape, withoutSessionToken } from './auth-answers'
import { checkedAuthInput } from './auth-input'
import { AUTH_ROUTES } from './auth.openapi'

/**
 * Serves better-auth's routes that the product uses, and only those: the ones its OpenAPI document
 * declares (AUTH_ROUTES). Its other endpoints (update-user, change-password, list-sessions,
 * revoke-session…) bypass the product's rules and audit, so they are not routed at all and answer as any
 * unknown API path (404 NOT_FOUND): a better-auth upgrade that adds an endpoint adds nothing live.
 */
export function mountAuthRoutes(app: Hono<AppEnv>, auth: Auth) {
  for (const route of AUTH_ROUTES) {
    const authPath = route.path.replace(/^\/auth/, '')
    const path = `${AUTH_BASE_PATH}${authPath.replace(/\{(\w+)\}/g, ':$1')}`
    app.on(route.method.toUpperCase(), path, async (c) => {
      const body = await checkedAuthInput(c, authPath)
      const headers = headersForAuth(c)
      headers.delete('content-length')
      headers.delete('transfer-encoding')
      const res = await auth.handler(new Request(c.req.url, { method: c.req.method, headers, body }))
      return inApiErrorShape(c, await withoutSessionToken(withoutTypeOnRedirect(res)), authPath)
    })
  }
}

/**
 * The request's headers as better-auth may read them. It reads the client address from a header: ours (socket,
 * or a trusted proxy's), never the client's own X-Forwarded-For, or its sign-in limits could be dodged with a
 * forged header.
 */
export function headersForAuth(c: Context<AppEnv>): Headers {
  const headers = new Headers(c.req.raw.headers)
  headers.set(CLIENT_IP_HEADER, clientIp(c))
  headers.set(REQUEST_ORIGIN_HEADER, requestOrigin(c))
  return headers
}

/** better-auth's redirects (e-mail confirmation, the reset link) say JSON and send no body: they say nothing. */
function withoutTypeOnRedirect(res: Response): Response {
  if (res.status < 300 || res.status >= 400 || !res.headers.has('content-type')) return res
  const headers = new Headers(res.headers)
  headers.delete('content-type')
  return new Response(null, { status: res.status, statusText: res.statusText, headers })
}
