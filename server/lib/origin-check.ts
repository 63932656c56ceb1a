import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../app-context'
import type { Env } from '../env'
import { AppError } from './app-error'
import { fromTrustedProxy } from './client-ip'

// Cross-site request forgery: a state-changing API request must come from a page of the app itself
// (docs/decisions/004-request-hardening.md). SameSite=Lax cookies alone still let a sibling site, or a
// top-level form post in older browsers, act with the session.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/**
 * Signed instead, under /api/v1: Stripe's webhook (raw body, never sent by a browser), and an e-mail's
 * unsubscribe link (its signature is the proof; a mail client's one-click unsubscribe posts a form).
 */
const EXEMPT_API_PATHS = ['/billing/webhook', '/notifications/unsubscribe']
const EXEMPT_PATHS = new Set(EXEMPT_API_PATHS.map((path) => `/api/v1${path}`))

/** Whether writes to this /api/v1 path are checked (the OpenAPI document says so: server/lib/router.ts). */
export const checksOrigin = (apiPath: string) => !EXEMPT_API_PATHS.includes(apiPath)

/**
 * Every POST/PUT/PATCH/DELETE under /api: Origin (else Referer) must be an allowed origin, or both absent
 * (curl and other non-browser clients; browsers always send Origin on unsafe requests). A body must be
 * JSON: an HTML form or a text/plain fetch, the two ways a page can post without a CORS preflight, is 415.
 */
export const originCheck = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE_METHODS.has(c.req.method) || EXEMPT_PATHS.has(c.req.path)) return next()
  const claimed = c.req.header('origin') ?? refererOrigin(c.req.header('referer'))
  if (claimed !== undefined) {
    const allowed = allowedOrigins(c.get('deps').env, requestOrigin(c))
    if (!allowed.includes(normalized(claimed))) throw new AppError('ORIGIN_NOT_ALLOWED')
  }
  const type = c.req.header('content-type')
  if (type === undefined ? carriesBody(c) : !/^application\/json\s*(;|$)/i.test(type)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE')
  }
  await next()
})

/**
 * The origin the request was addressed to: its scheme and Host header, so the app works at any address it is
 * opened at (localhost, 127.0.0.1, a LAN IP). Behind a trusted proxy, X-Forwarded-Proto names the scheme.
 */
export function requestOrigin(c: Context<AppEnv>): string {
  const url = new URL(c.req.url)
  const proto = c.req.header('x-forwarded-proto')
  // Whether the peer is a trusted proxy is asked only when there is a header to believe.
  const forwarded =
    proto !== undefined && fromTrustedProxy(c) ? proto.split(',')[0]?.trim().toLowerCase() : undefined
  const scheme = forwarded === 'https' || forwarded === 'http' ? forwarded : url.protocol.slice(0, -1)
  return normalized(`${scheme}://${url.host}`)
}

/** APP_URL, the request's own origin and TRUSTED_ORIGINS: the origins whose pages may change state. */
export function allowedOrigins(
  env: Pick<Env, 'APP_URL' | 'TRUSTED_ORIGINS'>,
  ownOrigin?: string | null,
): string[] {
  const configured = configuredOrigins(env)
  return ownOrigin ? [ownOrigin, ...configured] : [...configured]
}

const originsByConfiguration = new Map<string, string[]>()

/** APP_URL and TRUSTED_ORIGINS, normalized once per configuration instead of on every write. */
function configuredOrigins({ APP_URL, TRUSTED_ORIGINS }: Pick<Env, 'APP_URL' | 'TRUSTED_ORIGINS'>) {
  const key = `${APP_URL} ${TRUSTED_ORIGINS ?? ''}`
  let origins = originsByConfiguration.get(key)
  if (!origins) {
    origins = [normalized(APP_URL), ...trustedOrigins(TRUSTED_ORIGINS)]
    originsByConfiguration.set(key, origins)
  }
  return origins
}

/** TRUSTED_ORIGINS ('https://a.example,http://192.168.1.10:3000'): exact origins, no wildcards. */
export function trustedOrigins(spec: string | undefined): string[] {
  return (spec ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const origin = normalized(entry)
      if (!/^https?:\/\//.test(origin)) {
        throw new Error(`Invalid environment variable TRUSTED_ORIGINS: "${entry}" is not an http(s) origin`)
      }
      return origin
    })
}

/** 'HTTP://Example.com:80/x' → 'http://example.com'; anything unparsable (such as 'null') stays as it is. */
function normalized(origin: string): string {
  try {
    const url = new URL(origin)
    return url.origin === 'null' ? origin : url.origin
  } catch {
    return origin
  }
}

function refererOrigin(referer: string | undefined): string | undefined {
  return referer === undefined ? undefined : normalized(referer)
}

function carriesBody(c: Context): boolean {
  const length = c.req.header('content-length')
  return (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined
}
