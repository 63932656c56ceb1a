import { expect, it } from 'vitest'
import { SIGNED_SCHEMES } from '../lib/router'
import { databaseFingerprint } from './database-fingerprint'
import { fileTestContext } from './harness'
import {
  type OpenApiDocument,
  type Operation,
  operationsOf,
  SchemaArbitraries,
} from './openapi-fuzz.arbitraries'
import { exampleRequest, stockedGuild } from './stocked-guild'

// Every write operation of the OpenAPI document (issue 43, point 13), sent by a signed-in admin of a stocked
// guild from a page of another origin, with ids that exist and a body its schema allows: 403
// ORIGIN_NOT_ALLOWED, and not one row of the database changed. Turning the Origin check off for any path,
// one a branch adds included, fails here. The cases of the check itself (Origin null, a foreign Referer, a
// form post, the allowed addresses) are in server/lib/origin-check.test.ts; the requests are built as
// openapi-fuzz.test.ts builds them.

const FOREIGN = 'http://evil.example'

const ctx = await fileTestContext()
const doc = (await (await ctx.app.request('/api/v1/openapi.json')).json()) as OpenApiDocument
const writes = operationsOf(doc).filter((op) => op.method !== 'GET')
/** Writes a browser never sends, authenticated by their sender's signature instead (decision 004). */
const signed = (op: Operation) => op.security.some((r) => SIGNED_SCHEMES.some((scheme) => scheme in r))

const stock = await stockedGuild(ctx, 'Origin Guild')
const arbitraries = new SchemaArbitraries(doc, stock.known)

/** The operation's example request, from another origin, with the admin's session. */
const fromElsewhere = (op: Operation) =>
  ctx.app.request(
    exampleRequest(stock, arbitraries, op, { cookie: stock.admin.cookie, origin: FOREIGN }),
    undefined,
    {
      incoming: { socket: { remoteAddress: '10.43.13.1' } },
    },
  )

it('walks every write of the document, only the Stripe webhook and the unsubscribe link exempt', () => {
  expect(writes.length).toBeGreaterThan(40)
  expect(writes.map((op) => `${op.method} ${op.path}`)).toEqual(
    expect.arrayContaining([
      'POST /queue-entries/{id}/received',
      'DELETE /me',
      'POST /invitations',
      'PUT /integrations/discord',
      'POST /guild/import',
      'POST /auth/sign-in/email',
    ]),
  )
  expect(writes.filter(signed).map((op) => `${op.method} ${op.path}`)).toEqual([
    'POST /billing/webhook',
    'POST /notifications/unsubscribe',
  ])
})

for (const op of writes.filter((op) => !signed(op))) {
  it(`${op.method} ${op.path} from another origin: 403 ORIGIN_NOT_ALLOWED, nothing changed`, async () => {
    const before = await databaseFingerprint(ctx)
    const res = await fromElsewhere(op)
    const answer = await res.text()
    expect(res.status, answer).toBe(403)
    expect((JSON.parse(answer) as { error: { code: string } }).error.code).toBe('ORIGIN_NOT_ALLOWED')
    expect(await databaseFingerprint(ctx)).toEqual(before)
  })
}

it('leaves the Stripe webhook to its signature: from anywhere, an unsigned event is refused by it', async () => {
  const webhook = writes.find((op) => op.path === '/billing/webhook')!
  const before = await databaseFingerprint(ctx)
  const res = await fromElsewhere(webhook)
  expect(res.status).toBe(400)
  expect(((await res.json()) as { error: { code: string } }).error.code).toBe('BILLING_SIGNATURE_INVALID')
  expect(await databaseFingerprint(ctx)).toEqual(before)
})

it('leaves the unsubscribe link to its signature: from anywhere, an unsigned one changes nothing', async () => {
  const unsubscribe = writes.find((op) => op.path === '/notifications/unsubscribe')!
  const before = await databaseFingerprint(ctx)
  const res = await fromElsewhere(unsubscribe)
  expect(res.status).toBe(404)
  expect(res.headers.get('content-type')).toMatch(/^text\/html/)
  expect(await databaseFingerprint(ctx)).toEqual(before)
})
