import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Language } from '../../contract/enums'

// What the web build leaves for the server besides static files (vite.config.ts, web/entry-server.tsx), in
// dist/web-ssr: the public site's pages prerendered in both languages, a sign-in page (each tab), a 404 page and a page
// shell per language, and the route table's paths. Loaded once per process, the site's origin put in, each page with
// its gzip and ETag made once.

/** Written by the build where the site's origin goes (web/app/document.ts). */
const ORIGIN_MARK = /%LQ_ORIGIN%/g

export type StaticPage = { etag: string; raw: Buffer; gzip: Buffer }

export type SitePages = {
  /** Prerendered pages by address: '/', '/faq', '/en', '/en/faq'… */
  byPath: Map<string, StaticPage>
  /** The 404 page and the shell (the page the browser renders alone: sign-in, the dashboard), by language. */
  notFound: Record<Language, StaticPage> | null
  /** The sign-in page as it first shows (/auth without a query), by language. */
  signIn: Record<Language, StaticPage> | null
  /** The same page on its sign-up tab (/auth?tab=signup), by language. */
  signUp: Record<Language, StaticPage> | null
  shell: Record<Language, StaticPage> | null
  /** Whether a path is one of the route table's (web/app/routes.tsx): anything else is a 404. */
  isRoute: (path: string) => boolean
}

function pageOf(html: string): StaticPage {
  const raw = Buffer.from(html)
  return { raw, gzip: gzipSync(raw), etag: `W/"${createHash('sha1').update(raw).digest('base64url')}"` }
}

/** '/guilds/:slug' → a pattern that matches one segment per parameter. */
function patternOf(path: string): RegExp {
  const segments = path
    .split('/')
    .map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
  return new RegExp(`^${segments.join('/') || '/'}$`)
}

export function routeMatcher(paths: string[]): (path: string) => boolean {
  const patterns = paths.map(patternOf)
  return (path) => patterns.some((pattern) => pattern.test(path))
}

/** The address of a prerendered page's file: 'index.html' → '/', 'en/faq.html' → '/en/faq'. */
function addressOf(file: string): string {
  const path = `/${file.replace(/\.html$/, '').replace(/(^|\/)index$/, '')}`
  return path.length > 1 ? path.replace(/\/$/, '') : '/'
}

const SPECIAL = new Set(['404', 'sign-in', 'sign-up', 'shell'])

export function loadSitePages(ssrRoot: string, origin: string): SitePages {
  const pagesDir = join(ssrRoot, 'pages')
  const routesFile = join(ssrRoot, 'routes.json')
  const byPath = new Map<string, StaticPage>()
  if (!existsSync(pagesDir) || !existsSync(routesFile))
    return { byPath, notFound: null, signIn: null, signUp: null, shell: null, isRoute: () => true }
  const read = (file: string) =>
    pageOf(readFileSync(join(pagesDir, file), 'utf8').replace(ORIGIN_MARK, origin))
  for (const entry of readdirSync(pagesDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue
    const file = relative(pagesDir, join(entry.parentPath, entry.name))
    if (SPECIAL.has(entry.name.replace('.html', ''))) continue
    byPath.set(addressOf(file), read(file))
  }
  return {
    byPath,
    notFound: { pt: read('404.html'), en: read('en/404.html') },
    signIn: { pt: read('sign-in.html'), en: read('en/sign-in.html') },
    signUp: { pt: read('sign-up.html'), en: read('en/sign-up.html') },
    shell: { pt: read('shell.html'), en: read('en/shell.html') },
    isRoute: routeMatcher(JSON.parse(readFileSync(routesFile, 'utf8')) as string[]),
  }
}

/** robots.txt: the site is open to crawlers but for the signed-in app and the guilds' password-gated pages. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /guilds/',
    'Disallow: /billing/',
    'Disallow: /api/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n')
}

const LOCALE: Record<Language, string> = { pt: 'pt-BR', en: 'en-US' }

/**
 * sitemap.xml: the prerendered pages in both languages, each with its alternates (Google's hreflang
 * sitemap form). `pages`: each page's address per language.
 */
export function sitemapXml(origin: string, pages: Record<Language, string>[]): string {
  const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;')
  const urls = pages.flatMap((page) =>
    (Object.keys(page) as Language[]).map((language) => {
      const alternates = (Object.keys(page) as Language[])
        .map(
          (other) =>
            `    <xhtml:link rel="alternate" hreflang="${LOCALE[other]}" href="${xml(origin + page[other])}"/>`,
        )
        .join('\n')
      return `  <url>\n    <loc>${xml(origin + page[language])}</loc>\n${alternates}\n  </url>`
    }),
  )
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}
