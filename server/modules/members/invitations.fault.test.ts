import { describe, expect, it } from 'vitest'
import { databaseSnapshot, type Fault, withFault } from '../../test/fault-injection'
import { buildGuild, buildInvitation } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { signUpInvited } from './members.test-support'

// Accepting an invitation claims it, creates the account, its credential and the guild_member profile, and
// writes INVITE_ACCEPTED, in one transaction: the database failing after any of them, or at the commit after
// the audit insert, leaves the invitation pending and no account behind, so the same link still works.

const ctx = await fileTestContext({ mailer: { kind: 'outbox', send: async () => {} } })

// The per-client sign-up allowance is counted before the transaction, on purpose (a refused attempt counts).
const snapshot = () => databaseSnapshot(ctx.database, { except: ['rate_limit'] })

describe('an invite accept that fails part-way', () => {
  const faults: [string, (guildId: string) => Fault][] = [
    ['after the invitation is claimed (on the user)', () => ({ table: 'user', on: 'INSERT' })],
    ['on the profile', (guildId) => ({ table: 'profiles', on: 'INSERT', guildId })],
    ['on the INVITE_ACCEPTED audit row', (guildId) => ({ table: 'audit_logs', on: 'INSERT', guildId })],
    [
      'at the commit, after the audit row',
      (guildId) => ({ table: 'audit_logs', on: 'INSERT', when: 'commit', guildId }),
    ],
  ]
  it.each(faults)('failing %s leaves nothing behind', async (_where, fault) => {
    const { guild } = await buildGuild(ctx)
    const { token } = await buildInvitation(ctx, guild.id)
    const before = await snapshot()
    const { result: res, fired } = await withFault(ctx.database, fault(guild.id), () =>
      signUpInvited(ctx, token),
    )
    expect(res.status, await res.clone().text()).toBe(500)
    expect(fired, 'the injected fault fired').toBe(1)
    expect(await snapshot()).toEqual(before)

    // The link was not used up: without the fault it works.
    const again = await signUpInvited(ctx, token)
    expect(again.status, await again.clone().text()).toBe(201)
  })
})
