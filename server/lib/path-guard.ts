import { createMiddleware } from 'hono/factory'
import { AppError } from './app-error'

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F-\u009F]/

/**
 * No API path names anything with a control character in it (ids are UUIDs, slugs and tokens are plain
 * ASCII): such a path is 404 before any route sees it, so a parameter a route forgot to constrain cannot
 * carry a NUL to PostgreSQL (a 500). Routes still validate their own parameters (contract/).
 */
export const pathGuard = createMiddleware(async (c, next) => {
  // Hono's c.req.path is percent-decoded: '/x/%00' arrives as '/x/\u0000'.
  if (CONTROL_CHARACTER.test(c.req.path)) throw new AppError('NOT_FOUND')
  await next()
})
