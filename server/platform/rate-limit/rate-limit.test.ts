import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPostgres } from '../../db/client'
import { buildDeps } from '../../deps'
import { parseEnv } from '../../env'
import { silentLogger } from '../../lib/logger'
import { signIn } from '../../modules/accounts/accounts.test-support'
import { signupBody } from '../../modules/accounts/accounts.test-support'
import { SIGNUPS_PER_HOUR } from '../../modules/accounts/signup-rate-limit'
import { PUBLIC_ATTEMPT_LIMIT } from '../../modules/public/public-rate-limit'
import { publicClient } from '../../modules/public/public.test-support'
import { expectError } from '../../test/expect-error'
import { buildGuild, buildMember } from '../../test/factories'
import {
  clonePostgresTemplate,
  ENGINE,
  fileTestContext,
  TEST_APP_URL,
  type TestContext,
  testApp,
} from '../../test/harness'
import { memoryRateLimiter } from './memory-rate-limiter'

const ctx = await fileTestContext()
const rule = { window: 60, max: 3 }

describe('the in-memory limiter (PGlite)', () => {
  it('lets `max` attempts through per window, says how long to wait, and opens a new window after it', async () => {
    const limiter = memoryRateLimiter()
    const at = (ms: number) => limiter.consume('k', rule, ms)
    expect(await at(0)).toEqual({ allowed: true, retryAfter: null })
    expect(await at(1000)).toEqual({ allowed: true, retryAfter: null })
    expect(await at(2000)).toEqual({ allowed: true, retryAfter: null })
    expect(await at(2500)).toEqual({ allowed: false, retryAfter: 58 })
    expect(await at(59_999)).toEqual({ allowed: false, retryAfter: 1 })
    expect(await at(60_000)).toEqual({ allowed: true, retryAfter: null })
    // Another key has its own window.
    expect(await limiter.consume('other', rule, 2500)).toEqual({ allowed: true, retryAfter: null })
  })

  it('forgets the least recently used keys beyond its bound', async () => {
    const limiter = memoryRateLimiter(2)
    const one = { window: 60, max: 1 }
    expect((await limiter.consume('a', one, 0)).allowed).toBe(true)
    expect((await limiter.consume('b', one, 0)).allowed).toBe(true)
    expect((await limiter.consume('a', one, 1)).allowed).toBe(false)
    expect((await limiter.consume('c', one, 2)).allowed).toBe(true) // evicts b, the least recently used
    expect((await limiter.consume('a', one, 3)).allowed).toBe(false)
    expect((await limiter.consume('b', one, 4)).allowed).toBe(true)
  })
})

describe('the limiter an app gets', () => {
  it('counts in the database on PostgreSQL and in memory on PGlite', async () => {
    expect(ctx.deps.rateLimiter.kind).toBe(ENGINE === 'postgres' ? 'database' : 'memory')
    const now = Date.parse('2030-01-01T00:00:00Z')
    const verdicts = []
    for (let i = 0; i < 4; i++) verdicts.push(await ctx.deps.rateLimiter.consume('same-key', rule, now))
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false])
    expect(verdicts[3]!.retryAfter).toBe(60)
  })
})

/** Two apps, each with its own pool and limiter, on one PostgreSQL database: two processes behind a balancer. */
async function twoAppsOnOneDatabase(): Promise<{
  apps: [TestContext, TestContext]
  drop: () => Promise<void>
}> {
  const clone = await clonePostgresTemplate('lq_rate')
  const env = parseEnv({
    NODE_ENV: 'test',
    APP_URL: TEST_APP_URL,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-000',
    LOG_LEVEL: 'silent',
  })
  const open = async (): Promise<TestContext> => {
    const database = await openPostgres(clone.url, { max: 5 })
    const deps = buildDeps({ env, database, logger: silentLogger })
    return {
      app: testApp(deps),
      deps,
      database,
      setNow: () => {
        throw new Error('these apps run on the real clock')
      },
      close: async () => {
        await deps.realtime.stop()
        await database.close()
      },
    }
  }
  const apps: [TestContext, TestContext] = [await open(), await open()]
  return {
    apps,
    drop: async () => {
      for (const app of apps) await app.close()
      await clone.drop()
    },
  }
}

describe.skipIf(ENGINE !== 'postgres')('limits shared by two app processes on PostgreSQL', () => {
  let one: TestContext
  let two: TestContext
  let drop: () => Promise<void>
  beforeAll(async () => {
    const setup = await twoAppsOnOneDatabase()
    ;[one, two] = setup.apps
    drop = setup.drop
  })
  afterAll(() => drop())

  it('sign-in: 10 wrong passwords through either process, then both answer 429', async () => {
    const member = await buildMember(one)
    const from = { clientAddress: '198.18.0.10' }
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) {
      const app = i % 2 === 0 ? one : two
      statuses.push((await signIn(app, member.user.email, `wrong-${i}`, from)).status)
    }
    expect(statuses).toEqual(Array(10).fill(401))
    expect((await signIn(one, member.user.email, 'wrong-again', from)).status).toBe(429)
    expect((await signIn(two, member.user.email, 'wrong-again', from)).status).toBe(429)
  })

  it('sign-up: an allowance used up through one process is used up on the other', async () => {
    const signUpFrom = (app: TestContext, ip: string) =>
      app.app.request(
        '/api/v1/accounts/signup',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: TEST_APP_URL },
          body: JSON.stringify(signupBody()),
        },
        { incoming: { socket: { remoteAddress: ip } } },
      )
    for (let i = 0; i < SIGNUPS_PER_HOUR - 1; i++) {
      await one.deps.rateLimiter.consume('signup|198.18.0.20', { window: 3600, max: SIGNUPS_PER_HOUR })
    }
    expect((await signUpFrom(two, '198.18.0.20')).status).toBe(201)
    await expectError(await signUpFrom(one, '198.18.0.20'), 429, 'RATE_LIMITED')
    expect((await signUpFrom(two, '198.18.0.20')).status).toBe(429)
  })

  it('public password: 10 guesses in all, however they are spread, even at the same moment', async () => {
    const { guild } = await buildGuild(one, { publicAccessPassword: 'shared-gate-pass' })
    const clients = [publicClient(one), publicClient(two)]
    // 20 guesses at once, half through each process.
    const statuses = await Promise.all(
      Array.from({ length: 2 * PUBLIC_ATTEMPT_LIMIT }, (_, i) =>
        clients[i % 2]!.enter(guild.slug, 'guess', { ip: '198.18.0.30' }).then(({ res }) => res.status),
      ),
    )
    expect(statuses.filter((s) => s === 401)).toHaveLength(PUBLIC_ATTEMPT_LIMIT)
    expect(statuses.filter((s) => s === 429)).toHaveLength(PUBLIC_ATTEMPT_LIMIT)
    const right = await clients[1]!.enter(guild.slug, 'shared-gate-pass', { ip: '198.18.0.30' })
    expect(right.res.status).toBe(429)
  })
})
