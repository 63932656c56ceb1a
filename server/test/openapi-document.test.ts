import { describe, expect, it } from 'vitest'
import {
  PUBLIC_ACCESS_SCHEME,
  SESSION_SCHEME,
  SIGNED_SCHEMES,
  STRIPE_SIGNATURE_SCHEME,
  UNSUBSCRIBE_SIGNATURE_SCHEME,
} from '../lib/router'
import { fileTestContext } from './harness'
import { DocumentChecker, type Document } from './openapi-conformance'
import {
  type OpenApiDocument,
  type Operation,
  operationsOf,
  SchemaArbitraries,
} from './openapi-fuzz.arbitraries'
import { exampleRequest, stockedGuild } from './stocked-guild'

// What issue 43 found the OpenAPI document (/api/v1/openapi.json) to get wrong, read from the document. That
// the answers agree with it is checked on every test's answers (openapi-conformance.ts, from the harness);
// here, that it says what a client needs to know, and that its security requirements are the guards'.

type Full = Document &
  OpenApiDocument & {
    paths: Record<string, Record<string, { operationId?: string; security?: Record<string, string[]>[] }>>
    components: { securitySchemes?: Record<string, { type: string; in?: string; name?: string }> }
  }
type ResponseObject = { content?: Record<string, { schema: Record<string, unknown> }>; headers?: object }
type OperationObject = {
  operationId?: string
  security?: Record<string, string[]>[]
  parameters?: { name: string; in: string; schema: Record<string, unknown> }[]
  requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> }
  responses: Record<string, ResponseObject>
}

const ctx = await fileTestContext()
const doc = (await (await ctx.app.request('/api/v1/openapi.json')).json()) as Full
const checker = new DocumentChecker(doc)
const operations = operationsOf(doc)
const objectOf = (op: Operation) => doc.paths[op.path]![op.method.toLowerCase()] as unknown as OperationObject
const name = (op: Operation) => `${op.method} ${op.path}`
const ref = (schema: string) => ({ $ref: `#/components/schemas/${schema}` })

describe('the OpenAPI document', () => {
  it('gives every operation a stable, unique operationId', () => {
    const ids = operations.map((op) => objectOf(op).operationId)
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true)
    expect(new Set(ids).size).toBe(ids.length)
    expect(objectOf(operations.find((op) => name(op) === 'GET /items/{id}/queue')!).operationId).toBe(
      'getItemsByIdQueue',
    )
  })

  it('says which operations need the session cookie, which the public page cookie, and which neither', () => {
    const schemes = doc.components.securitySchemes ?? {}
    expect(schemes[SESSION_SCHEME]).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'lq.session_token' })
    expect(schemes[PUBLIC_ACCESS_SCHEME]).toMatchObject({ type: 'apiKey', in: 'cookie' })
    expect(schemes[STRIPE_SIGNATURE_SCHEME]).toMatchObject({ type: 'apiKey', in: 'header' })
    for (const op of operations) {
      expect(objectOf(op).security, name(op)).toBeDefined()
      for (const requirement of op.security)
        for (const scheme of Object.keys(requirement))
          expect(Object.keys(schemes), name(op)).toContain(scheme)
    }
    const securityOf = (key: string) => operations.find((op) => name(op) === key)?.security
    expect(securityOf('GET /players')).toEqual([{ [SESSION_SCHEME]: [] }])
    expect(securityOf('DELETE /me')).toEqual([{ [SESSION_SCHEME]: [] }])
    expect(securityOf('GET /public/guilds/{slug}/view')).toEqual([{ [PUBLIC_ACCESS_SCHEME]: [] }])
    expect(securityOf('GET /public/guilds/{slug}')).toEqual([{}, { [PUBLIC_ACCESS_SCHEME]: [] }])
    expect(securityOf('POST /accounts/signup')).toEqual([])
    expect(securityOf('POST /billing/webhook')).toEqual([{ [STRIPE_SIGNATURE_SCHEME]: [] }])
    expect(schemes[UNSUBSCRIBE_SIGNATURE_SCHEME]).toMatchObject({
      type: 'apiKey',
      in: 'query',
      name: 'token',
    })
    expect(securityOf('POST /notifications/unsubscribe')).toEqual([{ [UNSUBSCRIBE_SIGNATURE_SCHEME]: [] }])
  })

  it("holds better-auth's routes that the web app calls: sign-in, sign-out, session, confirmation, reset", () => {
    expect(operations.map(name)).toEqual(
      expect.arrayContaining([
        'POST /auth/sign-in/email',
        'POST /auth/sign-out',
        'GET /auth/get-session',
        'GET /auth/verify-email',
        'POST /auth/request-password-reset',
        'GET /auth/reset-password/{token}',
        'POST /auth/reset-password',
      ]),
    )
  })

  it('documents QueueChange.queue as a whole queue or null', () => {
    const change = { itemId: crypto.randomUUID(), version: 2, undo: null, placed: [], removed: [] }
    const queue = { itemId: change.itemId, version: 2, entries: [], undo: null, rankFirst: false }
    expect(checker.accepts(ref('QueueChange'), { ...change, queue: null })).toBe(true)
    expect(checker.accepts(ref('QueueChange'), { ...change, queue })).toBe(true)
    expect(checker.accepts(ref('QueueChange'), { ...change, queue: { itemId: 'x' } })).toBe(false)
  })

  it('writes no named schema as nullable, and no nullable reference as allOf (contract/common.ts, orNull)', () => {
    const nullableNamed = Object.entries(doc.components.schemas ?? {})
      .filter(([, schema]) => [schema.type].flat().includes('null'))
      .map(([named]) => named)
    expect(nullableNamed).toEqual([])
    const allOfNull = JSON.stringify(doc).match(/"allOf":\[\{"\$ref":"[^"]+"\},\{"type":\[[^\]]*"null"/g)
    expect(allOfNull).toBeNull()
  })

  it('documents 403 ORIGIN_NOT_ALLOWED and 415 on every write the Origin check covers, and 500 everywhere', () => {
    for (const op of operations) {
      const { responses } = objectOf(op)
      expect(Object.keys(responses), name(op)).toContain('500')
      if (op.method === 'GET' || op.security.some((r) => SIGNED_SCHEMES.some((scheme) => scheme in r)))
        continue
      expect(Object.keys(responses), name(op)).toEqual(expect.arrayContaining(['403', '415']))
    }
    const signup = doc.paths['/accounts/signup']!.post as unknown as OperationObject
    expect(Object.keys(signup.responses)).toEqual(expect.arrayContaining(['403', '415']))
  })

  it('documents a 304 without content beside every 200 that carries an ETag (the cached reads)', () => {
    const cached = operations.filter((op) =>
      Object.hasOwn(objectOf(op).responses['200']?.headers ?? {}, 'ETag'),
    )
    expect(cached.map(name)).toEqual(
      expect.arrayContaining([
        'GET /items',
        'GET /items-summary',
        'GET /items/{id}/queue',
        'GET /overview',
        'GET /history/stats',
        'GET /public/guilds/{slug}/view',
        'GET /public/guilds/{slug}/items/{itemId}/queue',
      ]),
    )
    for (const op of cached) {
      const notModified = objectOf(op).responses['304']
      expect(notModified, name(op)).toBeDefined()
      expect(notModified?.content, name(op)).toBeUndefined()
    }
  })

  it('documents the billing webhook with its body', () => {
    const webhook = doc.paths['/billing/webhook']!.post as unknown as OperationObject
    const schema = webhook.requestBody?.content?.['application/json']?.schema
    expect(schema).toMatchObject({ type: 'object', required: ['id', 'type', 'data'] })
  })

  it('documents tz as the shape the server checks, and the server refuses an unknown zone of that shape', async () => {
    const tzOf = (path: string) =>
      (doc.paths[path]!.get as unknown as OperationObject).parameters?.find((p) => p.name === 'tz')?.schema
    for (const path of ['/history/stats', '/history/loot.csv', '/history/activity.csv']) {
      expect(tzOf(path), path).toMatchObject({ type: 'string', maxLength: 64 })
      const pattern = new RegExp(String(tzOf(path)?.pattern))
      expect(
        ['America/Sao_Paulo', 'UTC', 'Etc/GMT+3'].every((zone) => pattern.test(zone)),
        path,
      ).toBe(true)
      expect(
        ['+03:00', 'Europe Lisbon', '../etc'].some((zone) => pattern.test(zone)),
        path,
      ).toBe(false)
    }
    const { admin } = await stockedGuild(ctx, 'Time Zone Guild')
    expect((await admin.request('GET', '/api/v1/history/stats?tz=Europe/Lisbon')).status).toBe(200)
    // The shape, but no zone: the document's description says it is refused, and it is.
    expect((await admin.request('GET', '/api/v1/history/stats?tz=Mars/Olympus_Mons')).status).toBe(400)
  })
})

// The security each operation states is the one its guards apply: with no cookie at all, an operation that
// needs the session answers 401 UNAUTHENTICATED, one behind the public gate 401 PUBLIC_ACCESS_REQUIRED, and
// one that needs neither never answers either. Requests as in openapi-origin.test.ts, from the app's own page.
describe('security as documented', async () => {
  const stock = await stockedGuild(ctx, 'Security Guild')
  const arbitraries = new SchemaArbitraries(doc, stock.known)
  const needsOnly = (op: Operation, scheme: string) =>
    op.security.length > 0 && op.security.every((r) => Object.keys(r).length === 1 && scheme in r)
  let client = 0
  for (const op of operations) {
    const expected = needsOnly(op, SESSION_SCHEME)
      ? 'UNAUTHENTICATED'
      : needsOnly(op, PUBLIC_ACCESS_SCHEME)
        ? 'PUBLIC_ACCESS_REQUIRED'
        : null
    it(`${name(op)} without a cookie: ${expected ?? 'no 401 for a missing cookie'}`, async () => {
      client += 1
      const request = exampleRequest(stock, arbitraries, op, { origin: 'http://localhost:3000' })
      const res = await ctx.app.request(request, undefined, {
        incoming: { socket: { remoteAddress: `10.44.${client >> 8}.${client & 255}` } },
      })
      const code = res.headers.get('content-type')?.includes('json')
        ? ((await res.json()) as { error?: { code?: string } } | null)?.error?.code
        : undefined
      if (expected) expect([res.status, code]).toEqual([401, expected])
      else expect(['UNAUTHENTICATED', 'PUBLIC_ACCESS_REQUIRED']).not.toContain(code)
    })
  }
})
