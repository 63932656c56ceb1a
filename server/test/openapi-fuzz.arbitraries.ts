import fc from 'fast-check'

// Requests built from the OpenAPI document (/api/v1/openapi.json): values an operation's schema allows,
// mixed with hostile ones. Used by openapi-fuzz.test.ts.

export type JsonSchema = {
  $ref?: string
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  examples?: unknown[]
  format?: string
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  items?: JsonSchema
  maxItems?: number
  properties?: Record<string, JsonSchema>
  required?: string[]
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
}

type Parameter = {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
  schema: JsonSchema
}
type OperationObject = {
  security?: Record<string, string[]>[]
  parameters?: Parameter[]
  requestBody?: { required?: boolean; content?: Record<string, { schema: JsonSchema }> }
}
export type OpenApiDocument = {
  paths: Record<string, Record<string, OperationObject>>
  components?: { schemas?: Record<string, JsonSchema> }
}

export type Operation = {
  method: string
  /** As in the document, e.g. /players/{id}. */
  path: string
  parameters: Parameter[]
  body: JsonSchema | null
  /** The security requirements (alternatives; an empty one: none needed). */
  security: Record<string, string[]>[]
}

export type FuzzRequest = { method: string; url: string; contentType?: string; body?: string }

/** Ids and slugs that exist, so that some requests get past "not found" into the rules. */
export type Known = { uuids: string[]; slugs: string[] }

export function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content?.['application/json']?.schema ?? null,
      security: op.security ?? [],
    })),
  )
}

const MEGABYTE = 'x'.repeat(1024 * 1024)
/** Text that broke or could break something: control characters (NUL reached PostgreSQL as a 500), a lone
 * surrogate, traversal and injection lookalikes, blanks. */
const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  '\u0007\u0008',
  '\u001b[2J',
  '\r',
  '\u007f',
  '\u0085',
  '\ud800',
  '%00',
  '../../etc/passwd',
  "'; drop table players; --",
  '<script>alert(1)</script>',
  ' ',
  '',
]
/** Values of the wrong type, out of range, or not what a format expects. */
const HOSTILE_OTHER = [
  -1,
  0,
  2 ** 31,
  2 ** 53 + 2,
  1e308,
  -1e308,
  0.5,
  true,
  false,
  null,
  [],
  {},
  [[[[]]]],
  { a: { b: { c: {} } } },
  'not-a-uuid',
  '00000000-0000-0000-0000-00000000000g',
  '0000-01-01T00:00:00Z',
  '99999-12-31T23:59:59Z',
  '1970-01-01T00:00:00Z',
  '2024-02-30T00:00:00Z',
  'NaN',
  '1e999',
]

/** Any hostile JSON value; in a body it may also be a megabyte of text. */
export const hostileValue = (withMegabyte: boolean): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_TEXT, ...HOSTILE_OTHER) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
    { weight: 1, arbitrary: fc.integer() },
    { weight: withMegabyte ? 1 : 0, arbitrary: fc.constant(MEGABYTE) },
    { weight: withMegabyte ? 0 : 1, arbitrary: fc.constant('y'.repeat(20_000)) },
  )

export class SchemaArbitraries {
  constructor(
    private readonly doc: OpenApiDocument,
    private readonly known: Known,
  ) {}

  resolve(schema: JsonSchema): JsonSchema {
    if (!schema.$ref) return schema
    const name = schema.$ref.replace('#/components/schemas/', '')
    const target = this.doc.components?.schemas?.[name]
    if (!target) throw new Error(`unresolved ${schema.$ref}`)
    return this.resolve(target)
  }

  /** A value the schema allows (or nearly: patterns and formats are approximated). */
  valid(input: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
    const schema = this.resolve(input)
    const variants = schema.anyOf ?? schema.oneOf
    if (variants) return fc.oneof(...variants.map((v) => this.valid(v, depth + 1)))
    if (schema.enum) return fc.constantFrom(...schema.enum)
    // Documented examples are values the server accepts (a time zone, a page of the app to go to).
    if (schema.examples?.length) return fc.constantFrom(...schema.examples)
    if ('const' in schema) return fc.constant(schema.const)
    const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'string']
    return fc.oneof(...types.map((type) => this.validOfType(schema, type, depth)))
  }

  private validOfType(schema: JsonSchema, type: string, depth: number): fc.Arbitrary<unknown> {
    switch (type) {
      case 'null':
        return fc.constant(null)
      case 'boolean':
        return fc.boolean()
      case 'integer':
        return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 })
      case 'number':
        return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true })
      case 'array':
        return fc.array(this.value(schema.items ?? {}, depth + 1), {
          maxLength: Math.min(schema.maxItems ?? 4, 4),
        })
      case 'object': {
        const properties = schema.properties ?? {}
        const shape = Object.fromEntries(
          Object.entries(properties).map(([key, value]) => [key, this.value(value, depth + 1)]),
        )
        return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) })
      }
      default:
        return this.validString(schema)
    }
  }

  private validString(schema: JsonSchema): fc.Arbitrary<string> {
    if (schema.format === 'uuid') {
      return this.known.uuids.length > 0
        ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...this.known.uuids) }, fc.uuid())
        : fc.uuid()
    }
    if (schema.format === 'date-time') {
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString())
    }
    if (schema.format === 'email') return fc.emailAddress()
    if (schema.pattern?.startsWith('^[a-z0-9-]')) {
      // A slug: the fixture's guild (the gate and its rules), another guild, or any shape the pattern allows.
      return fc.oneof(fc.constantFrom(...this.known.slugs), fc.stringMatching(/^[a-z0-9-]{1,30}$/))
    }
    if (schema.pattern?.startsWith('^[A-Za-z0-9_-]')) return fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/)
    return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) })
  }

  /** Mostly allowed, sometimes hostile: one bad field among good ones reaches deeper than all-bad input. */
  value(schema: JsonSchema, depth = 0, withMegabyte = true): fc.Arbitrary<unknown> {
    if (depth > 4) return fc.constant(null)
    return fc.oneof(
      { weight: 4, arbitrary: this.valid(schema, depth) },
      { weight: 1, arbitrary: hostileValue(withMegabyte) },
    )
  }
}

/** A path segment as a client would send it; a lone surrogate (no UTF-8 form) as its raw bytes. */
function segment(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  try {
    return encodeURIComponent(text)
  } catch {
    return '%ED%A0%80'
  }
}

const BASE = 'http://localhost:3000/api/v1'

export function urlOf(op: Operation, path: Record<string, unknown>, query: Record<string, unknown>): string {
  const filled = op.path.replace(/\{(\w+)\}/g, (_, name: string) => segment(path[name]))
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) search.append(key, typeof value === 'string' ? value : JSON.stringify(value))
  }
  const qs = search.toString()
  return `${BASE}${filled}${qs ? `?${qs}` : ''}`
}

/** One request for the operation: parameters and body from its schemas, hostile in any part. */
export function requestArbitrary(op: Operation, arbs: SchemaArbitraries): fc.Arbitrary<FuzzRequest> {
  const ofIn = (where: Parameter['in']) => op.parameters.filter((p) => p.in === where)
  const pathArb = fc.record(
    Object.fromEntries(ofIn('path').map((p) => [p.name, arbs.value(p.schema, 0, false)])),
  )
  const queryArb = fc.record(
    Object.fromEntries(ofIn('query').map((p) => [p.name, arbs.value(p.schema, 0, false)])),
    {
      requiredKeys: ofIn('query')
        .filter((p) => p.required)
        .map((p) => p.name),
    },
  )
  const json = 'application/json'
  const bodyArb: fc.Arbitrary<Pick<FuzzRequest, 'contentType' | 'body'>> = fc.oneof(
    {
      weight: op.body ? 8 : 1,
      arbitrary: (op.body ? arbs.value(op.body) : hostileValue(false)).map((v) => ({
        contentType: json,
        body: JSON.stringify(v) ?? 'null',
      })),
    },
    { weight: 1, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.constant({ contentType: json }) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('{"name":', '{"a":1}}', '\u0000', '{"__proto__":{"role":"guild_admin"}}', 'null')
        .map((body) => ({ contentType: json, body })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x')
        .map((contentType) => ({ contentType, body: '{"name":"x"}' })),
    },
  )
  return fc
    .tuple(pathArb, queryArb, bodyArb)
    .map(([path, query, body]) => ({ method: op.method, url: urlOf(op, path, query), ...body }))
}

/** Requests every run includes, whatever the random ones do: each hostile kind the issue names. */
export function hostileExamples(op: Operation, arbs: SchemaArbitraries, known: Known): FuzzRequest[] {
  const pathParams = op.parameters.filter((p) => p.in === 'path')
  const queryParams = op.parameters.filter((p) => p.in === 'query')
  const goodPath = Object.fromEntries(
    pathParams.map((p) => [p.name, p.schema.format === 'uuid' ? known.uuids[0] : known.slugs[0]]),
  )
  const fill = (value: unknown) => Object.fromEntries(pathParams.map((p) => [p.name, value]))
  const queryAll = (value: unknown) => Object.fromEntries(queryParams.map((p) => [p.name, value]))
  const bodyAll = (value: unknown) => {
    const schema = op.body ? arbs.resolve(op.body) : null
    return JSON.stringify(
      Object.fromEntries(Object.keys(schema?.properties ?? { name: 1 }).map((k) => [k, value])),
    )
  }
  const json = 'application/json'
  const at = urlOf(op, goodPath, {})
  const examples: FuzzRequest[] = []
  if (op.method !== 'GET') {
    examples.push(
      // NUL in every text field, a megabyte of text, wrong types, a body that is not an object.
      { method: op.method, url: at, contentType: json, body: bodyAll('\u0000') },
      { method: op.method, url: at, contentType: json, body: bodyAll(MEGABYTE) },
      { method: op.method, url: at, contentType: json, body: bodyAll([{}]) },
      { method: op.method, url: at, contentType: json, body: '"a string, not an object"' },
      // Missing body, a body that is not JSON, the wrong content type.
      { method: op.method, url: at, contentType: json },
      { method: op.method, url: at, contentType: json, body: '{"name":' },
      { method: op.method, url: at, contentType: 'text/plain', body: bodyAll('x') },
    )
  }
  for (const bad of pathParams.length > 0 ? ['\u0000', 'not-a-uuid', 'y'.repeat(20_000)] : []) {
    examples.push({ method: op.method, url: urlOf(op, fill(bad), {}) })
  }
  for (const bad of queryParams.length > 0
    ? ['\u0000', '0000-01-01T00:00:00Z', '1e999', 'y'.repeat(20_000)]
    : []) {
    examples.push({ method: op.method, url: urlOf(op, goodPath, queryAll(bad)) })
  }
  return examples
}
