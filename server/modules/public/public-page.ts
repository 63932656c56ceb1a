import { readFileSync } from 'node:fs'
import type { Context } from 'hono'
import { PUBLIC_SLUG, type PublicQueue, type PublicView } from '../../../contract/public'
import type { AppEnv } from '../../app-context'
import type { Deps } from '../../deps'
import { AppError } from '../../lib/app-error'
import { acceptsGzip, matchesTag, validUntil } from '../../lib/cached-answer'
import { type PageRenderer, withOrigin } from '../../lib/page-renderer'
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../../platform/database-outage'
import { type CachedBody, encodeBody } from '../../platform/read-cache'
import { accessCookiesOf } from './public-gate'
import { cachedPublicQueue, cachedPublicView } from './public-reads'
import { gateInfo, guildOf } from './public.service'

// A public guild page's first answer (issue 45): for a reader whose access cookie is valid, the guild's
// items and the chosen item's queue as HTML, rendered by the web app's own components on the server
// (web/entry-server.tsx) from the cached view and queue, and kept in the read cache like them: made once
// per change of the guild, with its gzip (docs/decisions/009-cached-reads.md). Anyone else (no cookie, a
// blocked guild, a player's page) gets the page shell with the guild's link preview, and the browser shows
// the password form; an unknown guild, the same with a 404. Never a queue or a player's name without the
// cookie: that is the whole point of the password. While the database is out of reach, a page (never
// JSON): 503 with Retry-After, the shell, whose app says the service is unavailable and tries again by itself,
// as a dashboard page's shell does (docs/decisions/017-running-as-a-service.md).

export type PublicPageSetting = {
  /** The built index.html, the document every page is made from. */
  templateFile: string
  renderer: () => Promise<PageRenderer>
}

const PAGE = /^\/guilds\/([^/]+)(?:\/players\/([^/]+))?$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Behind a per-guild cookie: browsers keep it, ask each time (ETag), and no shared cache keeps it. */
const PRIVATE_PAGE = 'private, no-cache'

function htmlAnswer(c: Context, body: CachedBody): Response {
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=UTF-8',
    'Cache-Control': PRIVATE_PAGE,
    ETag: body.etag,
    Vary: 'Accept-Encoding, Cookie',
  }
  if (matchesTag(c.req.header('if-none-match'), body.etag)) return c.body(null, 304, headers)
  const gzip = Boolean(body.gzip && acceptsGzip(c.req.header('accept-encoding')))
  if (gzip) headers['Content-Encoding'] = 'gzip'
  return c.body((gzip ? body.gzip! : body.raw) as Uint8Array<ArrayBuffer>, 200, headers)
}

export function publicGuildPage(deps: Deps, setting: PublicPageSetting) {
  let template: string | undefined
  const templateOf = () => (template ??= readFileSync(setting.templateFile, 'utf8'))
  const withSiteOrigin = (html: string) => withOrigin(html, deps.env.APP_URL)

  return async (c: Context<AppEnv>): Promise<Response | null> => {
    const match = PAGE.exec(c.req.path)
    if (!match) return null
    const slug = decodeURIComponent(match[1]!)
    const playerPage = match[2] !== undefined
    // Not built (a test app without dist/web-ssr): the web app's fallback answers as for any page.
    const renderer = await setting.renderer().catch(() => null)
    if (!renderer) return null
    try {
      return await answer(c, renderer, slug, playerPage)
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error
      deps.logger.warn('database unavailable', { requestId: c.get('requestId'), path: c.req.path })
      return c.html(withSiteOrigin(renderer.publicGuildUnavailableShell(templateOf(), c.get('lang'))), 503, {
        'Cache-Control': 'no-store',
        'Retry-After': String(RETRY_AFTER_SECONDS),
      })
    }
  }

  async function answer(
    c: Context<AppEnv>,
    renderer: PageRenderer,
    slug: string,
    playerPage: boolean,
  ): Promise<Response> {
    const language = c.get('lang')
    const guild = PUBLIC_SLUG.test(slug) ? await guildOf(deps, slug, c.get('arrivedAt')) : undefined
    if (!guild) {
      // The browser shows the public page's own "guild not found"; search engines and links get the status.
      return c.html(withSiteOrigin(renderer.publicGuildShell(templateOf(), null, language)), 404, {
        'Cache-Control': PRIVATE_PAGE,
      })
    }
    const shell = () =>
      c.html(withSiteOrigin(renderer.publicGuildShell(templateOf(), guild.name, language)), 200, {
        'Cache-Control': PRIVATE_PAGE,
      })
    const gate = await gateInfo(deps, slug, accessCookiesOf(c))
    if (!gate.hasAccess || playerPage) return shell()

    const requested = c.req.query('item')
    const itemId = requested && UUID.test(requested) ? requested.toLowerCase() : null
    const at = deps.now().getTime()
    const { body } = await deps.readCache.through(
      guild.id,
      { kind: 'public-page', variant: `${language}/${itemId ?? ''}` },
      at,
      c.get('arrivedAt'),
      async () => {
        const arrivedAt = c.get('arrivedAt')
        const view = JSON.parse(
          (await cachedPublicView(deps, guild, at, arrivedAt)).raw.toString(),
        ) as PublicView
        let queue: PublicQueue | null = null
        if (itemId) {
          try {
            const cached = await cachedPublicQueue(deps, guild, itemId, at, arrivedAt)
            queue = JSON.parse(cached.raw.toString()) as PublicQueue
          } catch (error) {
            // An item that is not (or no longer) public: the page shows the list with nothing chosen.
            if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error
          }
        }
        const html = withSiteOrigin(
          await renderer.renderPublicGuildPage(templateOf(), {
            slug,
            language,
            gate,
            view,
            queue,
            readAt: at,
          }),
        )
        return encodeBody(html, at, validUntil(at, queue?.entries.map((e) => e.penaltyUntil) ?? []))
      },
    )
    return htmlAnswer(c, body!)
  }
}
