import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { join, resolve } from 'node:path'
import { z } from 'zod'

// The only reader of process.env. A bad value stops the start with one line naming the variable.
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v)
const optionalUrl = (protocols: string[]) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (v) => protocols.some((p) => v.startsWith(`${p}://`)),
        `must start with ${protocols.join(':// or ')}://`,
      )
      .optional(),
  )

const EnvSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  /** Connections each process keeps to DATABASE_URL. Default: twice this machine's cores, plus one
   * (server/db/client.ts, docs/decisions/006-operations.md). */
  DATABASE_POOL_SIZE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1000).optional()),
  APP_URL: optionalUrl(['http', 'https']),
  AUTH_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('LootQueue <no-reply@lootqueue.app>')),
  STRIPE_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().startsWith('sk_').optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().startsWith('whsec_').optional()),
  /** Points the Stripe SDK at another host (tests run it against a local stub). */
  STRIPE_API_URL: optionalUrl(['http', 'https']),
  /** The sandbox billing provider is off in production unless this is true. */
  BILLING_SANDBOX: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).optional()),
  /** Comma-separated origins, besides the app's own address, allowed to make state-changing requests. */
  TRUSTED_ORIGINS: z.preprocess(emptyToUndefined, z.string().optional()),
  /** Comma-separated CIDRs whose X-Forwarded-For is believed. Default: loopback only. */
  TRUSTED_PROXIES: z.preprocess(emptyToUndefined, z.string().default('127.0.0.0/8,::1/128')),
  /**
   * Lets Discord and webhook integrations send to this machine (http://127.0.0.1:port/…): local test
   * receivers only. Refused in production (docs/decisions/011-integrations.md).
   */
  INTEGRATIONS_ALLOW_LOCAL_URLS: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
  /**
   * Megabytes of read answers (and the public gate's guild rows) each process keeps; past it, the least
   * recently used guild's go first (server/platform/read-cache.ts, docs/decisions/017-running-as-a-service.md).
   */
  READ_CACHE_MB: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65536).default(64)),
  /** Serves Prometheus metrics at /metrics on this port of METRICS_HOST, apart from the app's port. */
  METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  /** The address METRICS_PORT listens on: loopback unless the scraper sits on another host. */
  METRICS_HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
  /** Serves /metrics on the app's port too, to a scraper that sends `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(16, 'must be at least 16 characters').optional(),
  ),
  /**
   * Seconds a stopping process keeps accepting requests while it answers not-ready, so a load balancer that
   * polls /api/v1/health/ready takes it out first (0: it stops accepting at once; nginx needs no more).
   */
  SHUTDOWN_GRACE_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(300).default(0)),
  /**
   * Seconds between rounds of the notification loop (reminders, trial endings, digests). Empty: every
   * minute; browser journeys shorten it so a reminder leaves within seconds (docs/decisions/020-notifications.md).
   */
  NOTIFY_LOOP_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(3600).optional()),
  /** Embedded database: snapshots kept in DATA_DIR/backups (0 turns automatic snapshots off). */
  BACKUP_KEEP: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(365).default(7)),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  ),
})

export type Env = z.infer<typeof EnvSchema> & { APP_URL: string; AUTH_SECRET: string }

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = EnvSchema.safeParse(source)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new EnvError(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`)
  }
  const env = parsed.data
  if (env.DATABASE_URL && !env.AUTH_SECRET) {
    throw new EnvError('Invalid environment variable AUTH_SECRET: required when DATABASE_URL is set')
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    throw new EnvError(
      'Invalid environment variable STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set',
    )
  }
  if (env.INTEGRATIONS_ALLOW_LOCAL_URLS === 'true' && env.NODE_ENV === 'production') {
    throw new EnvError(
      'Invalid environment variable INTEGRATIONS_ALLOW_LOCAL_URLS: local webhook receivers are for tests, not production',
    )
  }
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
    throw new EnvError('Invalid environment variable METRICS_PORT: must differ from PORT')
  }
  return {
    ...env,
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    AUTH_SECRET: env.AUTH_SECRET ?? embeddedAuthSecret(env.DATA_DIR),
  }
}

/** Embedded mode keeps a generated secret beside the database so sessions survive restarts. */
function embeddedAuthSecret(dataDir: string): string {
  const dir = resolve(dataDir)
  const file = join(dir, 'auth-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dir, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

export function loadEnv(): Env {
  if (existsSync('.env')) process.loadEnvFile('.env')
  return parseEnv(process.env)
}
