import { gunzipSync, inflateSync } from 'node:zlib'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'

// Every answer the app under test gives under /api is held against the OpenAPI document the same app serves
// (/api/v1/openapi.json): its operation is in the document, its status is documented for that operation,
// its body has a documented media type and validates against the documented schema (a documented answer
// without content has no body and no content type), the headers the document declares are there, the
// headers a client acts on (ETag, Set-Cookie, Retry-After, Location, …) are declared, and every API answer
// carries the API's security headers. A drift fails the test that met it. Installed by the test harness on
// every app it makes (server/test/harness.ts), so every server test's answers are checked, on both
// engines, and a route added anywhere is checked as soon as a test calls it.
// docs/decisions/015-openapi-document.md says how the document is kept true.

const API_BASE = '/api/v1'
/** The document itself and its viewer: not operations of the API. */
const NOT_OPERATIONS = new Set([`GET ${API_BASE}/openapi.json`, `GET ${API_BASE}/docs`])
/** Every /api answer, documented or not (server/lib/content-security-policy.ts, server/web-app.ts). */
const API_HEADERS: Record<string, RegExp> = {
  'content-security-policy': /default-src 'none'/,
  'cache-control': /./,
  'x-content-type-options': /^nosniff$/,
  'referrer-policy': /^no-referrer$/,
}
/** Headers a client acts on: an answer that carries one must say so in the document. */
const MEANINGFUL_HEADERS = [
  'etag',
  'set-cookie',
  'retry-after',
  'x-retry-after',
  'location',
  'content-disposition',
]

type Schema = Record<string, unknown>
type MediaType = { schema?: Schema }
type Header = { required?: boolean; schema?: Schema }
type ResponseObject = { content?: Record<string, MediaType>; headers?: Record<string, Header> }
type Operation = { operationId?: string; responses: Record<string, ResponseObject> }
export type Document = {
  paths: Record<string, Record<string, Operation>>
  components?: { schemas?: Record<string, Schema> }
}

type Found = { template: string; operation: Operation }

/** Checks answers against one document; validators are compiled once per schema. */
export class DocumentChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true })
  private readonly validators = new Map<Schema, ValidateFunction>()
  private readonly routes: { method: string; pattern: RegExp; literals: number; found: Found }[] = []

  constructor(readonly document: Document) {
    addFormats(this.ajv)
    // The component schemas under one id, so `#/components/schemas/X` resolves from any operation's schema.
    this.ajv.addSchema({ $id: 'lq', components: { schemas: document.components?.schemas ?? {} } })
    for (const [template, operations] of Object.entries(document.paths)) {
      const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`)
      const literals = template.split('/').filter((s) => s && !s.startsWith('{')).length
      for (const [method, operation] of Object.entries(operations)) {
        this.routes.push({ method: method.toUpperCase(), pattern, literals, found: { template, operation } })
      }
    }
  }

  /** The documented operation a request reaches (the most literal template, as the router prefers). */
  operationOf(method: string, path: string): Found | null {
    const wanted = method === 'HEAD' ? 'GET' : method
    let best: (typeof this.routes)[number] | null = null
    for (const route of this.routes) {
      if (route.method !== wanted || !route.pattern.test(path)) continue
      if (!best || route.literals > best.literals) best = route
    }
    return best?.found ?? null
  }

  /** What is wrong with an answer, one line each; empty when it is what the document says. */
  problems(request: Request, status: number, headers: Headers, body: Uint8Array | null): string[] {
    const { pathname } = new URL(request.url)
    if (!pathname.startsWith('/api/')) return []
    const problems: string[] = []
    for (const [name, expected] of Object.entries(API_HEADERS)) {
      const value = headers.get(name)
      if (value === null || !expected.test(value)) problems.push(`header ${name} is ${value ?? 'missing'}`)
    }
    if (NOT_OPERATIONS.has(`${request.method} ${pathname}`)) return problems
    const path = pathname.startsWith(`${API_BASE}/`) ? pathname.slice(API_BASE.length) : null
    const found = path === null ? null : this.operationOf(request.method, path)
    if (!found) {
      // No operation: the API's own 404 (an unknown path or method), or a write refused before routing by
      // the guards every write passes first (server/lib/origin-check.ts: 403 foreign Origin, 415 not JSON),
      // as for `DELETE /queue-entries/` with an empty id and a form body.
      const refusedBeforeRouting = request.method !== 'GET' && (status === 403 || status === 415)
      if (status === 404) problems.push(...this.bodyProblems(headers, body, API_NOT_FOUND, request.method))
      else if (!refusedBeforeRouting)
        problems.push(`answered ${status}, but no operation of the document matches`)
      return problems
    }
    const name = found.operation.operationId ?? `${request.method} ${found.template}`
    const response = responseFor(found.operation, status)
    if (!response) return [...problems, `status ${status} is not documented for ${name}`]
    const where = `${name} ${status}`
    problems.push(...this.bodyProblems(headers, body, response, request.method).map((p) => `${where}: ${p}`))
    for (const [header, declared] of Object.entries(response.headers ?? {})) {
      const value = headers.get(header)
      if (value === null) {
        if (declared.required) problems.push(`${where}: documented header ${header} is missing`)
      } else if (declared.schema && !this.validatorOf(declared.schema)(value)) {
        problems.push(`${where}: header ${header} "${value}" does not match its documented schema`)
      }
    }
    const documented = new Set(Object.keys(response.headers ?? {}).map((h) => h.toLowerCase()))
    for (const header of MEANINGFUL_HEADERS) {
      if (headers.has(header) && !documented.has(header))
        problems.push(`${where}: sends ${header}, which the document does not declare`)
    }
    return problems
  }

  private bodyProblems(headers: Headers, body: Uint8Array | null, response: ResponseObject, method: string) {
    const type = headers.get('content-type')
    const essence = type?.split(';')[0]?.trim().toLowerCase()
    const content = response.content ?? {}
    if (Object.keys(content).length === 0) {
      const problems: string[] = []
      if (type !== null) problems.push(`documented without content, but sends Content-Type ${type}`)
      if (body && body.byteLength > 0) problems.push(`documented without content, but sends a body`)
      return problems
    }
    const media = essence === undefined ? undefined : content[essence]
    if (!media)
      return [`Content-Type ${type ?? 'missing'}; the document says ${Object.keys(content).join(', ')}`]
    // A body that is not JSON (CSV, an event stream) is streamed: its type is what is checked.
    if (essence !== 'application/json' || method === 'HEAD' || !media.schema) return []
    if (body === null) return ['a JSON answer without a body']
    let value: unknown
    try {
      value = JSON.parse(Buffer.from(decoded(body, headers.get('content-encoding'))).toString('utf8'))
    } catch {
      return ['the body is not JSON']
    }
    const validate = this.validatorOf(media.schema)
    if (validate(value)) return []
    return (validate.errors ?? []).slice(0, 5).map((e) => `body${e.instancePath} ${e.message}`)
  }

  /** Whether a value is one the schema (of this document) allows. */
  accepts(schema: Schema, value: unknown): boolean {
    return this.validatorOf(schema)(value)
  }

  private validatorOf(schema: Schema): ValidateFunction {
    let validate = this.validators.get(schema)
    if (!validate) {
      const resolved = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"lq#/components/'))
      validate = this.ajv.compile(resolved)
      this.validators.set(schema, validate)
    }
    return validate
  }
}

/** The documented response of this status: exact, then its range (4XX), then default. */
function responseFor(operation: Operation, status: number): ResponseObject | undefined {
  const { responses } = operation
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default
}

/** The API's own 404 outside any operation (server/app.ts): the Error schema. */
const API_NOT_FOUND: ResponseObject = {
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
}

function decoded(body: Uint8Array, encoding: string | null): Uint8Array {
  if (encoding === 'gzip') return gunzipSync(body)
  if (encoding === 'deflate') return inflateSync(body)
  return body
}

const STREAMED = /^(text\/event-stream|text\/csv)/i

type Fetch = (request: Request, ...rest: never[]) => Response | Promise<Response>

let checker: Promise<DocumentChecker> | undefined

/** The checker of the document the app serves, made once per test worker (every app serves the same). */
export function documentChecker(fetch: Fetch): Promise<DocumentChecker> {
  checker ??= (async () => {
    const res = await fetch(new Request(`http://localhost:3000${API_BASE}/openapi.json`))
    if (res.status !== 200) throw new Error(`the OpenAPI document answered ${res.status}`)
    return new DocumentChecker((await res.json()) as Document)
  })()
  return checker
}

/**
 * Wraps the app's fetch: every answer is checked against the document (above) and a drift throws, so the
 * request's test fails naming it. A JSON body is read to be checked and handed on unchanged; an event
 * stream or a CSV download is not read.
 */
export function conformingToDocument<T extends { fetch: Fetch }>(app: T): T {
  const fetch = app.fetch
  app.fetch = (async (request: Request, ...rest: never[]) => {
    const res = await fetch(request, ...rest)
    const check = await documentChecker(fetch)
    // Streams are left alone: an event stream stays open, a CSV download is checked by its type.
    const readable = res.body !== null && !STREAMED.test(res.headers.get('content-type') ?? '')
    const bytes = readable ? new Uint8Array(await res.arrayBuffer()) : null
    const problems = check.problems(request, res.status, res.headers, bytes)
    if (problems.length > 0) {
      const { pathname } = new URL(request.url)
      throw new Error(
        `${request.method} ${pathname} → ${res.status} disagrees with the OpenAPI document:\n  ${problems.join('\n  ')}`,
      )
    }
    if (!readable) return res
    return new Response(bytes, { status: res.status, statusText: res.statusText, headers: res.headers })
  }) as T['fetch']
  return app
}
