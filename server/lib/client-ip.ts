import { BlockList, isIP } from 'node:net'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import type { AppEnv } from '../app-context'

// The client address for rate limits. The socket's address is the truth; X-Forwarded-For is believed only
// when the socket belongs to a trusted proxy (TRUSTED_PROXIES, CIDRs; default loopback: nginx or caddy on the
// same host). Then the header is read from the right, skipping the trusted proxies' own hops: the first
// address no trusted proxy vouches for is the client (earlier entries are the client's own word). An
// untrusted peer's header is ignored, so a forged one cannot hand out fresh addresses; a proxy left out of
// TRUSTED_PROXIES makes every visitor share its address, which fails safe (stricter).
// In `app.request` tests there is no socket unless the test passes one: `app.request(url, init,
// { incoming: { socket: { remoteAddress } } })` takes the same path as production.

export function clientIp(c: Context<AppEnv>): string {
  const peer = peerAddress(c)
  if (!peer) return 'unknown'
  const trusted = trustedProxies(c.get('deps').env.TRUSTED_PROXIES)
  return rateLimitKeyOf(forwardedClient(peer, c.req.header('x-forwarded-for'), trusted))
}

/** The socket's remote address, or undefined when there is no socket (a test calling app.request bare). */
export function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address || undefined
  } catch {
    return undefined
  }
}

/** The peer belongs to TRUSTED_PROXIES, so its X-Forwarded-* headers are believed. */
export function fromTrustedProxy(c: Context<AppEnv>): boolean {
  const peer = peerAddress(c)
  return peer !== undefined && isTrusted(trustedProxies(c.get('deps').env.TRUSTED_PROXIES), peer)
}

/** Walks X-Forwarded-For from the right while the hop that appended the entry is a trusted proxy. */
export function forwardedClient(peer: string, forwardedFor: string | undefined, trusted: BlockList): string {
  let client = peer
  const hops = (forwardedFor ?? '').split(',').map((hop) => hop.trim())
  while (isTrusted(trusted, client)) {
    const hop = hops.pop()
    // Nothing more, or garbage: stay with the last address a trusted proxy gave.
    if (!hop || isIP(unmapped(hop)) === 0) break
    client = hop
  }
  return client
}

const parsed = new Map<string, BlockList>()

/** TRUSTED_PROXIES ('127.0.0.0/8,::1/128'; a bare address is a /32 or /128) as a BlockList. */
export function trustedProxies(spec: string): BlockList {
  let list = parsed.get(spec)
  if (list) return list
  list = new BlockList()
  for (const entry of spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [address = '', prefix, extra] = entry.split('/')
    const version = isIP(address)
    const maxBits = version === 4 ? 32 : 128
    const bits = prefix === undefined ? maxBits : Number(prefix)
    const badPrefix = prefix !== undefined && !/^\d{1,3}$/.test(prefix)
    if (version === 0 || extra !== undefined || badPrefix || bits > maxBits) {
      throw new Error(`Invalid environment variable TRUSTED_PROXIES: "${entry}" is not an address or CIDR`)
    }
    list.addSubnet(address, bits, version === 4 ? 'ipv4' : 'ipv6')
  }
  parsed.set(spec, list)
  return list
}

function isTrusted(list: BlockList, address: string): boolean {
  const plain = unmapped(address)
  const version = isIP(plain)
  return version !== 0 && list.check(plain, version === 4 ? 'ipv4' : 'ipv6')
}

/** '::ffff:10.0.0.1' (an IPv4 client of a dual-stack socket) as '10.0.0.1'. */
function unmapped(address: string): string {
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address
}

/**
 * IPv4 as is; IPv6 by its /64, since one subscriber commonly holds a whole /64, written as the /64's first
 * address ("2001:db8:1:2::"). It must read as an address: better-auth's sign-in limit takes it from a header
 * (server/auth/auth.ts) and puts anything else, as "2001:db8:1:2::/64" was, in one bucket shared by all.
 */
export function rateLimitKeyOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return mapped[1]!
  if (!address.includes(':')) return address
  const [head = '', tail = ''] = address.toLowerCase().split('::')
  const headGroups = head ? head.split(':') : []
  const tailGroups = address.includes('::') && tail ? tail.split(':') : []
  const missing = 8 - headGroups.length - tailGroups.length
  const groups = address.includes('::')
    ? [...headGroups, ...Array(Math.max(0, missing)).fill('0'), ...tailGroups]
    : headGroups
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::`
}
