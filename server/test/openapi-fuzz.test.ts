import { randomInt } from 'node:crypto'
import fc from 'fast-check'
import { afterAll, expect, it } from 'vitest'
import { type Actor, buildItem } from './factories'
import { ENGINE, fileTestContext } from './harness'
import {
  type FuzzRequest,
  hostileExamples,
  type OpenApiDocument,
  operationsOf,
  requestArbitrary,
  SchemaArbitraries,
} from './openapi-fuzz.arbitraries'
import { stockedGuild } from './stocked-guild'

// Every operation of the OpenAPI document, called by a signed-in admin of a guild with data, with requests
// built from the operation's own schemas plus hostile values (openapi-fuzz.arbitraries.ts). Two properties:
// nothing answers 500 or more, and a refused request (4xx) leaves the guild's full export exactly as it was.
// FUZZ_RUNS (random requests per operation besides the fixed hostile ones, default 10) and FUZZ_SEED (to replay a failure) tune a run.
//
// Not fuzzed:
// - POST /billing/webhook: Stripe's raw, signed body, not a JSON schema; every unsigned body is refused by
//   the signature check before it is read (billing-webhook.test.ts), which is all a fuzzer could reach.
// - GET /events and GET /public/guilds/{slug}/events: server-sent event streams stay open while allowed, so
//   a request has no end to wait for; their gates are the same guards and slug check fuzzed on every other
//   route, and live-updates/member-stream.test.ts / public-stream.test.ts test them.
// - better-auth's routes (tag auth): its own code, and POST /auth/sign-out would end the session every other
//   request is sent with. server/auth/auth.test.ts, auth-logs.test.ts (a refused callback or Origin is a
//   warning, never on the console) and the document check on every test's answers cover them.

const RUNS = Number(process.env.FUZZ_RUNS ?? 10)
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined
const SKIPPED = new Set(['POST /billing/webhook', 'GET /events', 'GET /public/guilds/{slug}/events'])

const ctx = await fileTestContext()
const doc = (await (await ctx.app.request('/api/v1/openapi.json')).json()) as OpenApiDocument
const operations = operationsOf(doc).filter(
  (op) => !SKIPPED.has(`${op.method} ${op.path}`) && !op.path.startsWith('/auth/'),
)

const { admin, other, known, topUp } = await stockedGuild(ctx, 'Fuzz Guild')
// History, an audit trail, a penalty and public rules, so reads and CSV exports have rows to go through.
await admin.request('POST', `/api/v1/queue-entries/${known.uuids[0]}/received`)
await admin.request('POST', `/api/v1/queue-entries/${known.uuids[1]}/penalty`, { days: 3, note: 'late' })
await admin.request('PUT', '/api/v1/public-rules', { publicRules: 'Be on time.\nNo ninja looting.' })
await buildItem(ctx, other.guild.id)

async function send(request: FuzzRequest, actor: Actor = admin) {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  return ctx.app.request(
    request.url,
    {
      method: request.method,
      headers: {
        cookie: actor.cookie,
        origin: 'http://localhost:3000',
        ...(request.contentType ? { 'content-type': request.contentType } : {}),
      },
      body: hasBody ? request.body : undefined,
    },
    // A fresh client address each time: rate limits would otherwise turn most requests into 429s.
    {
      incoming: { socket: { remoteAddress: `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` } },
    },
  )
}

/** The guild's full export, without the moment it was taken. */
async function guildExport() {
  const res = await ctx.app.request('/api/v1/guild/export', { headers: { cookie: admin.cookie } })
  expect(res.status).toBe(200)
  const { exportedAt: _, ...data } = (await res.json()) as Record<string, unknown>
  return data
}

const short = (text: string | undefined) =>
  text && text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text
const describeRequest = (r: FuzzRequest, status: number, answer: string) =>
  JSON.stringify({ ...r, url: short(r.url), body: short(r.body), status, answer: short(answer) })

let total = 0
const started = performance.now()
afterAll(() => {
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.info(`openapi fuzz (${ENGINE}): ${operations.length} operations, ${total} requests, ${seconds} s`)
})

it('covers the document: every operation but the skipped ones', () => {
  expect(operations.length).toBeGreaterThan(40)
  expect(operations.map((op) => `${op.method} ${op.path}`)).toEqual(
    expect.arrayContaining(['POST /players', 'GET /history/loot.csv', 'GET /public/guilds/{slug}']),
  )
})

for (const op of operations) {
  it(`${op.method} ${op.path}: no 5xx, and a refused request changes nothing`, async () => {
    await topUp()
    const arbitraries = new SchemaArbitraries(doc, known)
    let before = await guildExport()
    const examples = hostileExamples(op, arbitraries, known)
    let runs = 0
    await fc.assert(
      fc.asyncProperty(requestArbitrary(op, arbitraries), async (request) => {
        runs += 1
        const res = await send(request)
        const answer = await res.text()
        expect(res.status, describeRequest(request, res.status, answer)).toBeLessThan(500)
        const after = await guildExport()
        if (res.status >= 400) expect(after, describeRequest(request, res.status, answer)).toEqual(before)
        before = after
      }),
      {
        // fast-check counts the examples among numRuns.
        numRuns: examples.length + RUNS,
        seed: SEED,
        examples: examples.map((request) => [request]),
      },
    )
    total += runs
    expect(runs).toBe(examples.length + RUNS)
  })
}
