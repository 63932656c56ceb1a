import { describe, expect, it } from 'vitest'
import { expectError } from './expect-error'
import { buildGuild } from './factories'
import { fileTestContext } from './harness'
import { type OpenApiDocument, operationsOf } from './openapi-fuzz.arbitraries'

// A query parameter a route does not take is refused, naming it (docs/decisions/004-request-hardening.md,
// "Unknown fields"): a misspelled filter would otherwise answer the whole list as if filtered. The e-mail
// links' routes are the exception (the unsubscribe page, and better-auth's reset and confirmation): mail
// clients add their own parameters to the links they open.

const ctx = await fileTestContext()
const { admin } = await buildGuild(ctx)
const doc = (await (await ctx.app.request('/api/v1/openapi.json')).json()) as OpenApiDocument

/** Each route that takes a query, with what it needs to be valid but for the unknown parameter. */
const QUERIES: Record<string, string> = {
  '/history/stats': '',
  '/history/loot': 'page=1',
  '/history/activity': 'page=1',
  '/history/loot.csv': '',
  '/history/activity.csv': '',
  '/raid-nights': 'when=past&page=1',
  '/items-summary': 'todayStart=2026-12-03T03:00:00.000Z',
}
const E_MAIL_LINKS = ['/notifications/unsubscribe', '/auth/reset-password/{token}', '/auth/verify-email']

describe('a query parameter a route does not take', () => {
  it('is refused on every route that takes a query, but the e-mail links', () => {
    const withQuery = operationsOf(doc)
      .filter((op) => op.parameters.some((p) => (p as { in?: string }).in === 'query'))
      .map((op) => op.path)
    expect([...new Set(withQuery)].toSorted()).toEqual([...Object.keys(QUERIES), ...E_MAIL_LINKS].toSorted())
  })

  it.each(Object.entries(QUERIES))(
    'GET %s: 400 naming it, and the valid query still answers',
    async (path, query) => {
      const url = `/api/v1${path}?${query ? `${query}&` : ''}pagesize=50`
      const refused = await expectError(await admin.request('GET', url), 400, 'VALIDATION_FAILED', url)
      expect(refused.error.fields).toEqual({ pagesize: 'unknownField' })
      expect((await admin.request('GET', `/api/v1${path}?${query}`)).status).toBe(200)
    },
  )
})
