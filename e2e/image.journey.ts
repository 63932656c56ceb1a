import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { freePort } from '../server/test/free-port'
import { type Cluster, startCluster } from '../server/test/postgres-cluster'
import { signUpAndConfirm } from './support/accounts'
import { type SmtpInbox, startSmtpInbox } from './support/smtp-inbox'

// The container image as its users run it (scripts/image.sh builds it and runs this file): production
// mode, its own user, e-mail through a real SMTP server, on the embedded database in its volume and on
// PostgreSQL. The containers share the host's network (no registry, no bridge networks on this machine).

const IMAGE = process.env.LQ_IMAGE ?? 'localhost/lootqueue:latest'
// scripts/image.sh: runc and explicit ulimits on hosts with hybrid cgroups.
const FLAGS = (process.env.LQ_PODMAN_FLAGS ?? '').split(/\s+/).filter(Boolean)

const podman = (...args: string[]) => execFileSync('podman', args, { encoding: 'utf8' }).trim()
const id = () => randomBytes(4).toString('hex')

type Container = { name: string; url: string }

async function run(env: Record<string, string>, volume?: string): Promise<Container> {
  const name = `lq-e2e-${id()}`
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const envFlags = Object.entries({ PORT: String(port), APP_URL: url, LOG_LEVEL: 'warn', ...env }).flatMap(
    ([k, v]) => ['--env', `${k}=${v}`],
  )
  podman(
    'run',
    '--detach',
    '--name',
    name,
    '--network',
    'host',
    ...FLAGS,
    ...envFlags,
    ...(volume ? ['--volume', `${volume}:/data`] : []),
    IMAGE,
  )
  const deadline = Date.now() + 85_000
  for (;;) {
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return { name, url }
    } catch {}
    if (podman('inspect', '--format', '{{.State.Running}}', name) !== 'true' || Date.now() > deadline) {
      throw new Error(`the container did not answer:\n${podman('logs', name)}`)
    }
    await new Promise((r) => setTimeout(r, 250))
  }
}

/** `podman stop` (SIGTERM, as any runtime stops a container) and the exit code the server ended with. */
function stop(container: Container): number {
  podman('stop', '--time', '30', container.name)
  const code = Number(podman('inspect', '--format', '{{.State.ExitCode}}', container.name))
  podman('rm', container.name)
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
  const cleanups: (() => void)[] = []
  beforeAll(async () => {
    smtp = await startSmtpInbox()
  })
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        cleanup()
      } catch {}
    }
    await smtp?.close()
  })

  it('on the embedded database: runs as its own user, is healthy, signs up, and keeps the guild in its volume', {
    timeout: 240_000,
  }, async () => {
    const volume = `lq-e2e-${id()}`
    podman('volume', 'create', volume)
    cleanups.push(() => podman('volume', 'rm', '--force', volume))
    const first = await run({ SMTP_URL: smtp.url }, volume)
    cleanups.push(() => podman('rm', '--force', '--ignore', first.name))

    expect(podman('exec', first.name, 'id', '-u')).toBe('10001')
    // The image's HEALTHCHECK command, run now rather than at its interval.
    expect(podman('healthcheck', 'run', first.name)).toBe('')
    const page = await fetch(`${first.url}/`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<div id="root">')

    const account = await signUpAndConfirm(first.url, { language: 'en' }, (to, contains) =>
      smtp.link(to, contains),
    )
    expect(await signIn(first.url, account)).toBe(200)
    expect(stop(first)).toBe(0)

    // A new container on the same volume: the database, and the secret that signs sessions, were in it.
    const second = await run({ SMTP_URL: smtp.url }, volume)
    cleanups.push(() => podman('rm', '--force', '--ignore', second.name))
    expect(await signIn(second.url, account)).toBe(200)
    expect((await fetch(`${second.url}/api/v1/public/guilds/${account.slug}`)).status).toBe(200)
    expect(stop(second)).toBe(0)
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
    cleanups.push(() => podman('rm', '--force', '--ignore', container.name))
    expect(await (await fetch(`${container.url}/api/v1/health`)).json()).toEqual({
      status: 'ok',
      database: 'postgres',
    })
    const account = await signUpAndConfirm(container.url, { language: 'en' }, (to, contains) =>
      smtp.link(to, contains),
    )
    expect(await signIn(container.url, account)).toBe(200)
    expect(stop(container)).toBe(0)
  })
})
