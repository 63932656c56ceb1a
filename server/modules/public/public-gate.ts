import type { Context } from 'hono'
import { errorResponse } from '../../../contract/common'
import { cookieValue } from '../../lib/cookie-value'
import { accessCookieName } from './public-cookie'

// What every route behind the public password shares (docs/decisions/005-public-gate-and-realtime.md).

/** The browser's access cookie for a guild, read by the gate in public.service.ts. */
export const accessCookiesOf =
  (c: Context) =>
  (guildId: string): string | undefined =>
    cookieValue(c.req.header('cookie'), accessCookieName(guildId))

/** The gate's refusals, for the OpenAPI document. */
export const gateErrors = {
  401: errorResponse('No valid access cookie (PUBLIC_ACCESS_REQUIRED)'),
  403: errorResponse('Subscription or trial expired'),
}
