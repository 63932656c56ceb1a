import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../server/test/free-port'
import { type Cluster, startCluster } from '../server/test/postgres-cluster'
import { signUpAndConfirm } from './support/accounts'
import { type SmtpInbox, startSmtpInbox } from './support/smtp-inbox'

// The container image as its users run it (scripts/image.sh builds it, then runs this file): production
// mode, its own user, e-mail through a real SMTP server, on the embedded database in its volume and on
// PostgreSQL. The containers share the host's network (no bridge network on this machine).

const IMAGE = process.env.LQ_IMAGE ?? 'localhost/lootqueue:latest'
// scripts/image.sh: runc and explicit ulimits on hosts with hybrid cgroups.
const FLAGS = (process.env.LQ_PODMAN_FLAGS ?? '').split(/\s+/).filter(Boolean)

// Asynchronous, so the event loop keeps running meanwhile: blocked for the seconds podman takes, fetch's
// idle keep-alive connections would outlive the server's timeout unnoticed and the next request fail.
const podman = async (...args: string[]) => (await promisify(execFile)('podman', args)).stdout.trim()
const shortId = () => randomBytes(4).toString('hex')

type Container = { name: string; url: string }

async function run(env: Record<string, string>, volume?: string): Promise<Container> {
  const name = `lq-e2e-${shortId()}`
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const envFlags = Object.entries({ PORT: String(port), APP_URL: url, LOG_LEVEL: 'warn', ...env }).flatMap(
    ([key, value]) => ['--env', `${key}=${value}`],
  )
  const volumeFlags = volume ? ['--volume', `${volume}:/data`] : []
  await podman(
    'run',
    '--detach',
    '--name',
    name,
    '--network',
    'host',
    ...FLAGS,
    ...envFlags,
    ...volumeFlags,
    IMAGE,
  )
  const deadline = Date.now() + 85_000
  for (;;) {
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return { name, url }
    } catch {}
    if (
      (await podman('inspect', '--format', '{{.State.Running}}', name)) !== 'true' ||
      Date.now() > deadline
    ) {
      throw new Error(`the container did not answer:\n${await podman('logs', name)}`)
    }
    await new Promise((r) => setTimeout(r, 250))
  }
}

/** `podman stop` (SIGTERM, as every runtime stops a container), then the exit code the server ended with. */
async function stop(container: Container): Promise<number> {
  await podman('stop', '--time', '30', container.name)
  const code = Number(await podman('inspect', '--format', '{{.State.ExitCode}}', container.name))
  await podman('rm', '--volumes', container.name)
  return code
}

async function signIn(url: string, account: { email: string; password: string }) {
  const res = await fetch(`${url}/api/v1/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: account.email, password: account.password }),
  })
  return res.status
}

describe('the container image', () => {
  let smtp: SmtpInbox
  const cleanups: (() => unknown)[] = []
  const readLink = (to: string, contains: string) => smtp.link(to, contains)
  beforeAll(async () => {
    smtp = await startSmtpInbox()
  })
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) {
      await Promise.resolve()
        .then(cleanup)
        .catch(() => {})
    }
    await smtp?.close()
  })

  it('on the embedded database: runs as its own user, is healthy, signs up, keeps the guild in its volume', {
    timeout: 240_000,
  }, async () => {
    const volume = `lq-e2e-${shortId()}`
    await podman('volume', 'create', volume)
    cleanups.push(() => podman('volume', 'rm', '--force', volume))
    const first = await run({ SMTP_URL: smtp.url }, volume)
    cleanups.push(() => podman('rm', '--force', '--ignore', '--volumes', first.name))

    expect(await podman('exec', first.name, 'id', '-u')).toBe('10001')
    // The image's HEALTHCHECK, run now rather than at its interval: it prints nothing when healthy.
    expect(await podman('healthcheck', 'run', first.name)).toBe('')
    const page = await fetch(`${first.url}/`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<div id="root">')

    const account = await signUpAndConfirm(first.url, { language: 'en' }, readLink)
    expect(await signIn(first.url, account)).toBe(200)
    // A backup taken inside the running container, as docs/operations.md ("Containers") says: the image
    // keeps what the backup script loads.
    const dump = '/data/backups/journey.jsonl.gz'
    await podman('exec', first.name, 'node', '--import', 'tsx', 'scripts/backup.ts', dump)
    expect(await podman('exec', first.name, 'sh', '-c', `test -s ${dump} && echo written`)).toBe('written')
    expect(await stop(first)).toBe(0)

    // A new container on the same volume: the database, and the generated secret that signs sessions.
    const second = await run({ SMTP_URL: smtp.url }, volume)
    cleanups.push(() => podman('rm', '--force', '--ignore', '--volumes', second.name))
    expect(await signIn(second.url, account)).toBe(200)
    expect((await fetch(`${second.url}/api/v1/public/guilds/${account.slug}`)).status).toBe(200)
    expect(await stop(second)).toBe(0)
  })

  it('on PostgreSQL: signs up, confirms by e-mail, signs in, and stops with exit code 0', {
    timeout: 240_000,
  }, async () => {
    const cluster: Cluster = await startCluster()
    cleanups.push(() => cluster.stop())
    const admin = new pg.Client({ connectionString: cluster.url('postgres') })
    await admin.connect()
    await admin.query('create database lootqueue')
    await admin.end()

    const container = await run({
      DATABASE_URL: cluster.url('lootqueue'),
      AUTH_SECRET: randomBytes(32).toString('base64'),
      SMTP_URL: smtp.url,
    })
    cleanups.push(() => podman('rm', '--force', '--ignore', '--volumes', container.name))
    expect(await (await fetch(`${container.url}/api/v1/health`)).json()).toEqual({
      status: 'ok',
      database: 'postgres',
    })
    const account = await signUpAndConfirm(container.url, { language: 'en' }, readLink)
    expect(await signIn(container.url, account)).toBe(200)
    expect(await stop(container)).toBe(0)
  })
})
