import { createHash } from 'node:crypto'
import { createMiddleware } from 'hono/factory'

/** The inline `<tag>` elements of a page (no attributes), as CSP hash sources. */
function inlineHashes(html: string, tag: 'script' | 'style'): string[] {
  return [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
  )
}

/**
 * The Content-Security-Policy of the web app's pages: scripts only from our origin plus the inline scripts of
 * the built index.html (by hash: the theme is applied before first paint). Styles may be inline (radix
 * positions popovers with style attributes; sonner injects its stylesheet).
 */
export function webAppCsp(indexHtml: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineHashes(indexHtml, 'script').join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ')
}

/** API answers are data, never a document: nothing may load from them and no page may frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'"

/** The API reference page (/api/v1/docs): its own inline script and style by hash, and a fetch of the spec. */
export function apiReferenceCsp(html: string): string {
  return [
    "default-src 'none'",
    `script-src ${inlineHashes(html, 'script').join(' ')}`,
    `style-src ${inlineHashes(html, 'style').join(' ')}`,
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/**
 * Every /api response, errors and 404s included: API_CSP unless the route chose a policy (the API reference),
 * and Cache-Control no-store unless the route chose one: answers carry a member's or a public-page cookie
 * holder's data, which no shared or browser cache may keep. (nosniff comes from secureHeaders, for all.)
 */
export const apiResponseHeaders = createMiddleware(async (c, next) => {
  await next()
  if (!c.res.headers.has('content-security-policy')) c.res.headers.set('Content-Security-Policy', API_CSP)
  if (!c.res.headers.has('cache-control')) c.res.headers.set('Cache-Control', 'no-store')
})
