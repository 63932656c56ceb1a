import type { Context } from 'hono'
import { setCookie } from 'hono/cookie'
import { errorResponse } from '../../../contract/common'
import type { Deps } from '../../deps'
import { cookieValue } from '../../lib/cookie-value'
import {
  ACCESS_TTL_MS,
  accessCookieName,
  accessCookiePath,
  issueAccessCookie,
  publicPagePath,
} from './public-cookie'

// What every route behind the public password shares (docs/decisions/005-public-gate-and-realtime.md).

/** The browser's access cookie for a guild, read by the gate in public.service.ts. */
export const accessCookiesOf =
  (c: Context) =>
  (guildId: string): string | undefined =>
    cookieValue(c.req.header('cookie'), accessCookieName(guildId))

/**
 * Issues this guild's access cookie (12 h) to the browser: after the right password, or to a member who
 * previews the page as the public sees it (server/modules/guilds/public-preview.routes.ts).
 */
export function grantAccess(
  c: Context,
  deps: Deps,
  guild: { id: string; slug: string; publicAccessPassword: string | null },
) {
  const cookie = issueAccessCookie(deps.env.AUTH_SECRET, guild, deps.now())
  // Sent back to the guild's reads and to its page itself, whose first answer then carries the queues
  // (public-page.ts): two cookies of one name and value, each on its own path, and no other request
  // carries either.
  for (const path of [accessCookiePath(guild.slug), publicPagePath(guild.slug)])
    setCookie(c, accessCookieName(guild.id), cookie.value, {
      path,
      httpOnly: true,
      sameSite: 'Lax',
      secure: deps.env.APP_URL.startsWith('https://'),
      maxAge: ACCESS_TTL_MS / 1000,
    })
  return cookie
}

/** The gate's refusals, for the OpenAPI document. */
export const gateErrors = {
  401: errorResponse('No valid access cookie (PUBLIC_ACCESS_REQUIRED)'),
  403: errorResponse('Subscription or trial expired'),
}
