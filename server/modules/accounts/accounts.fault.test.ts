import { describe, expect, it } from 'vitest'
import { databaseSnapshot, type Fault, withFault } from '../../test/fault-injection'
import { anonymous } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { signupBody } from './accounts.test-support'

// Sign-up writes the user, the credential, the guild and its admin profile in one transaction: the database
// failing after any of them, or at the commit, leaves no half-made account behind.

const ctx = await fileTestContext({ mailer: { kind: 'outbox', send: async () => {} } })

// The per-client sign-up allowance is counted before the transaction, on purpose (a refused attempt counts).
const snapshot = () => databaseSnapshot(ctx.database, { except: ['rate_limit'] })

describe('a sign-up that fails part-way', () => {
  const faults: [string, Fault][] = [
    ['after the user row (on the credential)', { table: 'account', on: 'INSERT' }],
    ['after the user and credential (on the guild)', { table: 'guilds', on: 'INSERT' }],
    ['on the admin profile, its last write', { table: 'profiles', on: 'INSERT' }],
    ['at the commit, after every write', { table: 'profiles', on: 'INSERT', when: 'commit' }],
  ]
  it.each(faults)('failing %s creates nothing', async (_where, fault) => {
    const body = signupBody()
    const before = await snapshot()
    const { result: res, fired } = await withFault(ctx.database, fault, () =>
      anonymous(ctx)('POST', '/api/v1/accounts/signup', body),
    )
    expect(res.status, await res.clone().text()).toBe(500)
    expect(fired, 'the injected fault fired').toBe(1)
    expect(await snapshot()).toEqual(before)

    // The same sign-up goes through once the fault is gone: nothing half-made is in its way.
    const again = await anonymous(ctx)('POST', '/api/v1/accounts/signup', body)
    expect(again.status, await again.clone().text()).toBe(201)
  })
})
