import { createHash } from 'node:crypto'

/**
 * The Content-Security-Policy of the web app's pages: scripts only from our origin plus the inline scripts of
 * the built index.html (by hash: the theme is applied before first paint). Styles may be inline (radix
 * positions popovers with style attributes; sonner injects its stylesheet).
 */
export function webAppCsp(indexHtml: string): string {
  const inlineScripts = [...indexHtml.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
  )
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScripts.join(' ')}`.trim(),
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
