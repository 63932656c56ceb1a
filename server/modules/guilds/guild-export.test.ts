import { describe, expect, it } from 'vitest'
import { expectError } from '../../test/expect-error'
import { fileTestContext } from '../../test/harness'
import { buildGuild, buildInvitation, buildItem, buildMember, buildPlayer } from '../../test/factories'

const ctx = await fileTestContext()

describe('GET /guild/export', () => {
  it("gives the admin every record of the guild, none of another guild's, and no secrets", async () => {
    const { guild, admin } = await buildGuild(ctx, { name: 'Export Guild' })
    const player = await buildPlayer(ctx, guild.id, { name: 'Ana' })
    const item = await buildItem(ctx, guild.id, { name: 'Espada' })
    expect(
      (await admin.request('POST', `/api/v1/items/${item.id}/queue`, { playerId: player.id })).status,
    ).toBe(201)
    const { invitation } = await buildInvitation(ctx, guild.id, { email: 'convidado@example.com' })
    const other = await buildGuild(ctx)
    await buildPlayer(ctx, other.guild.id, { name: 'Intruso' })

    const res = await admin.request('GET', '/api/v1/guild/export')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="lootqueue-export-guild-\d{4}-\d{2}-\d{2}\.json"$/,
    )
    const body = await res.json()
    expect(body.guild).toMatchObject({
      id: guild.id,
      name: 'Export Guild',
      // The visibility settings (issue 42), as the guild has them.
      publicShowNotes: true,
      publicShowCounters: true,
      publicQueueMode: 'full',
      publicQueueFirst: 10,
      publicShowAttendance: true,
    })
    expect(body.members.map((m: { email: string }) => m.email)).toEqual([admin.user.email])
    expect(body.players.map((p: { name: string }) => p.name)).toEqual(['Ana'])
    expect(body.items.map((i: { name: string }) => i.name)).toEqual(['Espada'])
    expect(body.queues).toHaveLength(1)
    expect(body.auditLog.map((a: { actionType: string }) => a.actionType)).toContain('QUEUE_ADD')
    const text = JSON.stringify(body)
    expect(text).not.toContain('Intruso')
    expect(text).not.toMatch(/"(password|token|inviteToken|billingCustomerId)"/)
    // The history search's folded copies of names (docs/decisions/010-history-search.md) stay internal.
    expect(Object.keys(body.auditLog[0])).toContain('description')
    expect(text).not.toContain('Folded"')
    // Invitations are listed, without the hash of their token.
    expect(body.invitations).toEqual([
      expect.objectContaining({ email: 'convidado@example.com', status: 'pending' }),
    ])
    expect(text).not.toContain(invitation.inviteToken)
  })

  it('gives each queue entry its position in the queue, 1..n, and none of the queue bookkeeping', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const item = await buildItem(ctx, guild.id)
    for (const name of ['Ana', 'Bruno', 'Caio']) await buildPlayer(ctx, guild.id, { name })
    expect((await admin.request('POST', `/api/v1/items/${item.id}/queue/add-all`)).status).toBe(200)
    const queue = await (await admin.request('GET', `/api/v1/items/${item.id}/queue`)).json()
    const ana = queue.entries[0].id
    expect((await admin.request('POST', `/api/v1/queue-entries/${ana}/received`)).status).toBe(200)

    const body = await (await admin.request('GET', '/api/v1/guild/export')).json()
    const exported = body.queues as { id: string; playerId: string; queuePosition: number }[]
    expect(exported.map((q) => q.queuePosition)).toEqual([1, 2, 3])
    const names = new Map(queue.entries.map((e: { id: string; playerName: string }) => [e.id, e.playerName]))
    expect(exported.map((q) => names.get(q.id))).toEqual(['Bruno', 'Caio', 'Ana'])
    expect(Object.keys(body.items[0])).not.toContain('queueVersion')
    expect(JSON.stringify(body.items)).not.toMatch(/queueSorted/)
  })

  it('is for admins only', async () => {
    const { guild } = await buildGuild(ctx)
    const member = await buildMember(ctx, { guildId: guild.id })
    await expectError(await member.request('GET', '/api/v1/guild/export'), 403, 'FORBIDDEN')
  })
})
