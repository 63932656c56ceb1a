import { describe, expect, it } from 'vitest'
import { buildGuild, buildMember } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { activityCsv } from './history.export'
import { seedAudit } from './history.test-support'

// Invitees' e-mail addresses are the admins' (GET /members is theirs alone): a member reads the invitation
// rows of the activity log by the invitee's name, and cannot find them by the address
// (server/modules/history/history.privacy.ts; docs/product-rules.md, "History and activity").

const ctx = await fileTestContext()

type Actor = Awaited<ReturnType<typeof buildMember>>

const activity = async (actor: Actor, query = '') => {
  const res = await actor.request('GET', `/api/v1/history/activity${query}`)
  expect(res.status).toBe(200)
  return (await res.json()) as { total: number; rows: { actionType: string; description: string }[] }
}
const search = (actor: Actor, words: string) => activity(actor, `?search=${encodeURIComponent(words)}`)

/** A guild whose admin invited Carla through the app, with a member Bruno who joined by an invitation. */
async function guildWithInvitations() {
  const { guild, admin } = await buildGuild(ctx)
  const member = await buildMember(ctx, { guildId: guild.id, name: 'Bruno Membro' })
  const sent = await admin.request('POST', '/api/v1/invitations', {
    email: 'carla@example.com',
    displayName: 'Carla',
  })
  expect(sent.status).toBe(201)
  await seedAudit(ctx, guild.id, [
    {
      userId: member.user.id,
      actionType: 'INVITE_ACCEPTED',
      tableName: 'user_invitations',
      description: 'Bruno Membro <bruno@example.com>',
      createdAt: new Date('2020-01-02T00:00:00Z'),
    },
    // The admin typed the address as the name: nothing but the address to show.
    {
      userId: admin.user.id,
      actionType: 'INVITE_CANCELLED',
      tableName: 'user_invitations',
      description: 'Gone@Example.com <gone@example.com>',
      createdAt: new Date('2020-01-01T00:00:00Z'),
    },
  ])
  return { guild, admin, member }
}

describe('invitees e-mail addresses in the activity log', () => {
  it('reach admins, and members see the invitee by name only', async () => {
    const { admin, member } = await guildWithInvitations()
    const forAdmin = await activity(admin)
    expect(forAdmin.rows.map((r) => r.description)).toEqual([
      'Carla <carla@example.com>',
      'Bruno Membro <bruno@example.com>',
      'Gone@Example.com <gone@example.com>',
    ])
    const forMember = await activity(member)
    expect(forMember.rows.map((r) => [r.actionType, r.description])).toEqual([
      ['INVITE_SENT', 'Carla'],
      ['INVITE_ACCEPTED', 'Bruno Membro'],
      ['INVITE_CANCELLED', ''],
    ])
    expect(JSON.stringify(forMember)).not.toContain('@')
  })

  it('cannot be searched for by a member, whose search still finds the invitee by name', async () => {
    const { admin, member } = await guildWithInvitations()
    expect((await search(admin, 'carla@example')).total).toBe(1)
    expect((await search(admin, 'EXAMPLE.COM')).total).toBe(3)
    for (const words of ['carla@example', 'example.com', 'gone', '@', 'convite carla@example']) {
      const found = await search(member, words)
      expect({ words, total: found.total, rows: found.rows }).toEqual({ words, total: 0, rows: [] })
    }
    const byName = await search(member, 'carla')
    expect(byName.total).toBe(1)
    expect(byName.rows.map((r) => r.description)).toEqual(['Carla'])
    // With the action's label (another arm) and the name, as an admin would find it.
    expect((await search(member, 'convite membro')).rows.map((r) => r.description)).toEqual(['Bruno Membro'])
  })

  it('leave the CSV to admins, and a CSV for anyone else would have none', async () => {
    const { guild, admin, member } = await guildWithInvitations()
    const forAdmin = await admin.request('GET', '/api/v1/history/activity.csv')
    expect(forAdmin.status).toBe(200)
    const adminText = await forAdmin.text()
    expect(adminText).toContain('Carla <carla@example.com>')
    expect(adminText).toContain('Bruno Membro <bruno@example.com>')
    expect((await member.request('GET', '/api/v1/history/activity.csv')).status).toBe(403)

    const options = { language: 'pt' as const, timeZone: 'UTC', seesEmails: false }
    const text = await new Response(activityCsv(ctx.deps, guild.id, {}, options)).text()
    expect(text).not.toContain('@')
    expect(text).toContain(';Carla;')
    expect(text).toContain(';Bruno Membro;')
    expect(text).toContain(';convidado;')
    const searched = activityCsv(ctx.deps, guild.id, { search: 'carla@example' }, options)
    expect((await new Response(searched).text()).trim().split('\n')).toHaveLength(1)
  })
})
