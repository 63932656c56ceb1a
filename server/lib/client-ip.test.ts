import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../app-context'
import type { Deps } from '../deps'
import { parseEnv } from '../env'
import { clientIp, forwardedClient, trustedProxies } from './client-ip'

/** The real clientIp behind a real Hono context, with the socket address node-server would give. */
async function addressSeenBy(env: Record<string, string>, remoteAddress: string, forwardedFor?: string) {
  const deps = { env: parseEnv({ AUTH_SECRET: 'x'.repeat(32), ...env }) } as Deps
  const app = new Hono<AppEnv>()
  app.use('*', async (c, next) => {
    c.set('deps', deps)
    await next()
  })
  app.get('/ip', (c) => c.text(clientIp(c)))
  const headers: Record<string, string> = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}
  const res = await app.request('/ip', { headers }, { incoming: { socket: { remoteAddress } } })
  return res.text()
}

describe('client address and TRUSTED_PROXIES', () => {
  it('by default believes X-Forwarded-For only from loopback (a proxy on the same host)', async () => {
    expect(await addressSeenBy({}, '127.0.0.1', '198.51.100.7')).toBe('198.51.100.7')
    expect(await addressSeenBy({}, '::ffff:127.0.0.1', '198.51.100.7')).toBe('198.51.100.7')
    expect(await addressSeenBy({}, '::1', '198.51.100.7')).toBe('198.51.100.7')
    // Any other peer's header is its own word: ignored.
    expect(await addressSeenBy({}, '203.0.113.5', '198.51.100.7')).toBe('203.0.113.5')
    expect(await addressSeenBy({}, '10.0.0.2', '198.51.100.7')).toBe('10.0.0.2')
  })

  it('believes a proxy on another host once TRUSTED_PROXIES names its range', async () => {
    const env = { TRUSTED_PROXIES: '10.0.0.0/8' }
    expect(await addressSeenBy(env, '10.0.0.2', '198.51.100.7')).toBe('198.51.100.7')
    // Loopback is no longer trusted when the setting leaves it out.
    expect(await addressSeenBy(env, '127.0.0.1', '198.51.100.7')).toBe('127.0.0.1')
  })

  it('skips the hops of trusted proxies from the right, and never goes past an untrusted one', () => {
    const trusted = trustedProxies('10.0.0.0/8, 127.0.0.1')
    // client → load balancer (10.0.0.5) → local nginx (127.0.0.1) → app
    expect(forwardedClient('127.0.0.1', '198.51.100.7, 10.0.0.5', trusted)).toBe('198.51.100.7')
    // A forged first entry is left behind the first address no trusted proxy vouches for.
    expect(forwardedClient('10.0.0.5', '1.1.1.1, 198.51.100.7', trusted)).toBe('198.51.100.7')
    // Garbage, or no header at all: the last address a trusted proxy gave.
    expect(forwardedClient('10.0.0.5', 'not-an-ip', trusted)).toBe('10.0.0.5')
    expect(forwardedClient('10.0.0.5', '198.51.100.7, not-an-ip', trusted)).toBe('10.0.0.5')
    expect(forwardedClient('10.0.0.5', undefined, trusted)).toBe('10.0.0.5')
  })

  it('keys IPv6 clients by their /64', async () => {
    expect(await addressSeenBy({}, '::1', '2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::')
    expect(
      await addressSeenBy({ TRUSTED_PROXIES: '2001:db8:ffff::/48' }, '2001:db8:ffff::1', '203.0.113.9'),
    ).toBe('203.0.113.9')
  })

  it('refuses a TRUSTED_PROXIES entry that is not an address or CIDR, naming it', () => {
    for (const bad of ['10.0.0.0/33', '10.0.0.0/', 'proxy.local', '10.0.0.0/8/1', '::1/129']) {
      expect(() => trustedProxies(bad), bad).toThrow(/TRUSTED_PROXIES/)
    }
    expect(trustedProxies('192.168.1.10').check('192.168.1.10', 'ipv4')).toBe(true)
  })
})
