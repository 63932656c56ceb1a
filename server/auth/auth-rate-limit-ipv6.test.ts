import { describe, expect, it } from 'vitest'
import { signIn } from '../modules/accounts/accounts.test-support'
import { buildMember, DEFAULT_PASSWORD } from '../test/factories'
import { fileTestContext } from '../test/harness'

// The sign-in limit is per client. An IPv6 client was handed to better-auth as its /64 written "a:b:c:d::/64",
// which better-auth does not read as an address: every IPv6 client (browsers reach "localhost" as ::1) then
// shared one bucket, and ten wrong passwords from anyone locked everyone out of signing in for a minute.

const ctx = await fileTestContext()

describe('the sign-in limit over IPv6', () => {
  it('keeps clients of different /64s apart, and one /64 together', async () => {
    const member = await buildMember(ctx)
    const guesser = { clientAddress: '2001:db8:1:2::5' }
    const statuses: number[] = []
    for (let i = 0; i < 11; i++)
      statuses.push((await signIn(ctx, member.user.email, `wrong-${i}`, guesser)).status)
    expect(statuses.at(-1)).toBe(429)
    // Another address of the guesser's /64 is the same subscriber: still limited.
    const neighbour = await signIn(ctx, member.user.email, DEFAULT_PASSWORD, {
      clientAddress: '2001:db8:1:2::9',
    })
    expect(neighbour.status).toBe(429)
    // Someone else signs in.
    const other = await signIn(ctx, member.user.email, DEFAULT_PASSWORD, { clientAddress: '2001:db8:7:7::5' })
    expect(other.status).toBe(200)
    const loopback = await signIn(ctx, member.user.email, DEFAULT_PASSWORD, { clientAddress: '::1' })
    expect(loopback.status).toBe(200)
  })
})
