import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

// The client address for rate limits. The socket's address is the truth; X-Forwarded-For is believed
// only when the socket is loopback, i.e. a reverse proxy on the same host (nginx, caddy) sent the request,
// and then only its last entry: the one that proxy appended itself (earlier entries are the client's word).
// A proxy on another host makes every visitor share its address: limits then apply per proxy, which fails
// safe (stricter) rather than letting a forged header hand out unlimited fresh addresses.
// In `app.request` tests there is no socket unless the test passes one: `app.request(url, init,
// { incoming: { socket: { remoteAddress } } })` takes the same path as production.

export function clientIp(c: Context): string {
  let socketAddress: string | undefined
  try {
    socketAddress = getConnInfo(c).remote.address
  } catch {
    socketAddress = undefined
  }
  if (!socketAddress) return 'unknown'
  if (isLoopback(socketAddress)) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim()
    if (forwarded && /^[0-9a-fA-F.:]{2,45}$/.test(forwarded)) return rateLimitKeyOf(forwarded)
  }
  return rateLimitKeyOf(socketAddress)
}

function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.')
}

/** IPv4 as is; IPv6 by its /64, since one subscriber commonly holds a whole /64. */
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
    .join(':')}::/64`
}
