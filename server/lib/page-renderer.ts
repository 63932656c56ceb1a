import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

// The web app's server rendering (web/entry-server.tsx, built by vite.config.ts into dist/web-ssr): what the
// server's pages ask of it, the public guild page (server/modules/public/public-page.ts) and the dashboard's
// (server/dashboard-page.ts).

export type PageRenderer = Pick<
  typeof import('../../web/entry-server'),
  'renderPublicGuildPage' | 'publicGuildShell' | 'publicGuildUnavailableShell' | 'renderDashboardPage'
>

/** The build's server rendering, loaded on the first page that needs it, once. */
export function builtRenderer(webRoot: string): () => Promise<PageRenderer> {
  let loaded: Promise<PageRenderer> | undefined
  const file = pathToFileURL(join(webRoot, '../web-ssr/entry-server.js')).href
  return () => (loaded ??= import(file) as Promise<PageRenderer>)
}

/** Written by the web app's rendering where the site's origin goes (web/app/document.ts). */
const ORIGIN_MARK = /%LQ_ORIGIN%/g

/** A rendered document with the site's own address (APP_URL) in its head. */
export const withOrigin = (html: string, origin: string) => html.replace(ORIGIN_MARK, origin)
