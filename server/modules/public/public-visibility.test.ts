import { afterEach, describe, expect, it } from 'vitest'
import type { PlayerStanding } from '../../../contract/player-standing'
import type { PublicQueue, PublicView } from '../../../contract/public'
import { DEFAULT_PUBLIC_VISIBILITY, type PublicVisibility } from '../../../contract/public-visibility'
import { buildGuild, buildMember } from '../../test/factories'
import { expectError } from '../../test/expect-error'
import { fileTestContext } from '../../test/harness'
import { api, auditOf } from '../raid-nights/raid-nights.test-support'
import { ABSENT_NOTE, AWARD_NOTE, PENALTY_REASON, raidedGuild } from './public-visibility.test-support'
import { publicClient } from './public.test-support'

// Issue 42, visibility: the guild's settings (members read, admins change, audited) and the server applying
// them to the public view, the public queues and the public player pages, cached answers included.

const ctx = await fileTestContext()
afterEach(() => ctx.setNow(null))
const client = publicClient(ctx)

const settings = (patch: Partial<PublicVisibility>): PublicVisibility => ({
  ...DEFAULT_PUBLIC_VISIBILITY,
  ...patch,
})

describe('the visibility settings', () => {
  it('start as the page always was, members read them, only admins change them, audited', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const member = await buildMember(ctx, { guildId: guild.id })
    expect(await api(member, 'GET', '/guild/public-visibility')).toEqual({
      showNotes: true,
      showCounters: true,
      queueMode: 'full',
      queueFirst: 10,
      showAttendance: true,
    })
    const hidden = settings({ showNotes: false, queueMode: 'first', queueFirst: 5 })
    await expectError(
      await member.request('PUT', '/api/v1/guild/public-visibility', hidden),
      403,
      'FORBIDDEN',
    )
    expect(await api(admin, 'PUT', '/guild/public-visibility', hidden)).toEqual(hidden)
    expect(await api(member, 'GET', '/guild/public-visibility')).toEqual(hidden)
    const rows = (await auditOf(ctx, guild.id)).filter((r) => r.actionType === 'PUBLIC_VISIBILITY_UPDATE')
    expect(rows).toEqual([
      expect.objectContaining({
        description: 'showNotes: false · queueMode: first · queueFirst: 5',
        recordId: guild.id,
      }),
    ])
    // The same settings again change nothing and write no row.
    await api(admin, 'PUT', '/guild/public-visibility', hidden)
    expect(
      (await auditOf(ctx, guild.id)).filter((r) => r.actionType === 'PUBLIC_VISIBILITY_UPDATE'),
    ).toHaveLength(1)
  })

  it('refuses what is not a setting with a code, and changes nothing', async () => {
    const { admin } = await buildGuild(ctx)
    for (const bad of [
      settings({ queueFirst: 0 }),
      settings({ queueFirst: 101 }),
      { ...settings({}), queueMode: 'everyone' },
      { ...settings({}), showNotes: 'no' },
      { showNotes: false },
    ]) {
      const res = await admin.request('PUT', '/api/v1/guild/public-visibility', bad)
      await expectError(res, 400, 'VALIDATION_FAILED', JSON.stringify(bad))
    }
    expect(await api(admin, 'GET', '/guild/public-visibility')).toEqual(DEFAULT_PUBLIC_VISIBILITY)
  })

  it("changes only the admin's own guild", async () => {
    const one = await buildGuild(ctx)
    const two = await buildGuild(ctx)
    await api(one.admin, 'PUT', '/guild/public-visibility', settings({ showCounters: false }))
    expect(await api(two.admin, 'GET', '/guild/public-visibility')).toEqual(DEFAULT_PUBLIC_VISIBILITY)
  })
})

describe('the public page applies them', () => {
  it('shows everything by default, and nothing hidden once an admin hides it, cached answers included', async () => {
    const { admin, item, ids, read } = await raidedGuild(ctx, client)
    const queuePath = `/items/${item.id}/queue`
    const before = await read<PublicQueue>(queuePath)
    expect(before.shown).toEqual({ mode: 'full', first: 10, total: 4 })
    expect(before.lastRecipient?.note).toBe(AWARD_NOTE)
    const byName = (q: PublicQueue, name: string) => q.entries.find((e) => e.playerName === name)!
    expect(byName(before, 'Bruno')).toMatchObject({ timesAbsent: 1, lastNote: ABSENT_NOTE })
    expect(byName(before, 'Caio')).toMatchObject({ penaltyNote: PENALTY_REASON, lastNote: PENALTY_REASON })
    const anaBefore = await read<PlayerStanding>(`/players/${ids.Ana}`)
    expect(anaBefore.receivedTotal).toBe(1)
    expect(anaBefore.attendance).toMatchObject({ attended: 1 })
    expect(anaBefore.hidden).toEqual({ notes: false, counters: false, attendance: false })

    // Notes hidden: no note anywhere, counters and penalty reasons still shown.
    await api(admin, 'PUT', '/guild/public-visibility', settings({ showNotes: false }))
    const noNotes = await read<PublicQueue>(queuePath)
    expect(noNotes.lastRecipient).toMatchObject({ playerName: 'Ana', note: null })
    expect(byName(noNotes, 'Bruno')).toMatchObject({ timesAbsent: 1, lastNote: null })
    expect(byName(noNotes, 'Caio')).toMatchObject({ penaltyNote: PENALTY_REASON, lastNote: null })
    const anaNoNotes = await read<PlayerStanding>(`/players/${ids.Ana}`)
    expect(anaNoNotes.received.map((r) => r.notes)).toEqual([null])
    expect(anaNoNotes.moves.every((m) => m.note === null)).toBe(true)
    expect((await read<PlayerStanding>(`/players/${ids.Caio}`)).moves.map((m) => m.note)).toContain(
      PENALTY_REASON,
    )
    expect((await read<PublicView>('/view')).visibility.showNotes).toBe(false)

    // Counters hidden too: no counts, no penalty reason, no receipts or absences on a player's page.
    await api(admin, 'PUT', '/guild/public-visibility', settings({ showNotes: false, showCounters: false }))
    const noCounters = await read<PublicQueue>(queuePath)
    for (const entry of noCounters.entries)
      expect(entry).toMatchObject({
        timesReceived: null,
        timesAbsent: null,
        penaltyNote: null,
        lastNote: null,
      })
    // Still penalised and still ordered: only the words and numbers are gone.
    expect(byName(noCounters, 'Caio').isPenalized).toBe(true)
    const ana = await read<PlayerStanding>(`/players/${ids.Ana}`)
    expect(ana).toMatchObject({ received: [], receivedTotal: null })
    expect(ana.queues[0]).toMatchObject({ timesReceived: null, timesAbsent: null, position: 2 })
    expect(ana.moves.map((m) => m.kind)).toEqual(['added'])
    const caio = await read<PlayerStanding>(`/players/${ids.Caio}`)
    expect(caio.moves.find((m) => m.kind === 'penalized')?.note).toBeNull()
    expect(caio.hidden).toEqual({ notes: true, counters: true, attendance: false })

    // Attendance shares hidden.
    await api(admin, 'PUT', '/guild/public-visibility', settings({ showAttendance: false }))
    const noShare = await read<PlayerStanding>(`/players/${ids.Ana}`)
    expect(noShare.attendance).toBeNull()
    expect(noShare.hidden).toEqual({ notes: false, counters: false, attendance: true })

    // The dashboard still shows everything.
    const dashboard = await api<PlayerStanding>(admin, 'GET', `/players/${ids.Ana}/standing`)
    expect(dashboard).toMatchObject({ receivedTotal: 1, attendance: { attended: 1 } })
    expect(dashboard.received[0]!.notes).toBe(AWARD_NOTE)
    expect(dashboard.hidden).toBeUndefined()
  })

  it('with counters hidden, sends nobody as who received what: no last recipient, no received or absent', async () => {
    const { admin, item, ids, read } = await raidedGuild(ctx, client)
    const queuePath = `/items/${item.id}/queue`
    const statuses = (q: PublicQueue) =>
      Object.fromEntries(q.entries.map((e) => [e.playerName, e.attendanceStatus]))
    // Read (and cached) while shown: the award to Ana and Bruno's absence are there.
    const shown = await read<PublicQueue>(queuePath)
    expect(shown.lastRecipient).toMatchObject({ playerName: 'Ana' })
    expect(statuses(shown)).toEqual({ Duda: 'pending', Ana: 'received', Bruno: 'absent', Caio: 'pending' })
    expect((await read<PlayerStanding>(`/players/${ids.Ana}`)).queues[0]!.attendanceStatus).toBe('received')

    await api(admin, 'PUT', '/guild/public-visibility', settings({ showCounters: false }))
    // The cached answers were dropped with the change: the same paths now answer without them.
    const hidden = await read<PublicQueue>(queuePath)
    expect(hidden.lastRecipient).toBeNull()
    // Received and absent are one "had a turn": what the order says already, not what each received.
    expect(statuses(hidden)).toEqual({ Duda: 'pending', Ana: 'had_turn', Bruno: 'had_turn', Caio: 'pending' })
    expect(hidden.entries.map((e) => e.playerName)).toEqual(shown.entries.map((e) => e.playerName))
    const ana = await read<PlayerStanding>(`/players/${ids.Ana}`)
    const bruno = await read<PlayerStanding>(`/players/${ids.Bruno}`)
    expect(ana.queues[0]!.attendanceStatus).toBe('had_turn')
    expect(bruno.queues[0]!.attendanceStatus).toBe('had_turn')
    for (const body of [hidden, ana, bruno]) expect(JSON.stringify(body)).not.toMatch(/:"(received|absent)"/)

    // Shown again: everything is back, and the dashboard always had it.
    await api(admin, 'PUT', '/guild/public-visibility', settings({}))
    expect((await read<PublicQueue>(queuePath)).lastRecipient).toMatchObject({ playerName: 'Ana' })
    const dashboard = await api<{ entries: { playerName: string; attendanceStatus: string }[] }>(
      admin,
      'GET',
      queuePath,
    )
    expect(dashboard.entries.find((e) => e.playerName === 'Ana')?.attendanceStatus).toBe('received')
  })

  it('shows the first N of each queue, or none, keeping the items and each player page', async () => {
    const { admin, item, ids, read } = await raidedGuild(ctx, client)
    const queuePath = `/items/${item.id}/queue`
    const full = await read<PublicQueue>(queuePath)
    expect(full.entries.map((e) => e.playerName)).toEqual(['Duda', 'Ana', 'Bruno', 'Caio'])

    await api(admin, 'PUT', '/guild/public-visibility', settings({ queueMode: 'first', queueFirst: 2 }))
    const first = await read<PublicQueue>(queuePath)
    expect(first.entries.map((e) => [e.position, e.playerName])).toEqual([
      [1, 'Duda'],
      [2, 'Ana'],
    ])
    expect(first.shown).toEqual({ mode: 'first', first: 2, total: 4 })
    // The others, by name, so each can open their own page: never their order.
    expect(first.unlisted.map((p) => p.playerName)).toEqual(['Bruno', 'Caio'])
    expect(full.unlisted).toEqual([])
    // With what says whether one of them is next (rank first can put the next below the places shown), as
    // their own page says it: status, penalty, rank. With counters hidden, no receipt in the status.
    expect(Object.keys(first.unlisted[0]!).sort()).toEqual([
      'attendanceStatus',
      'belowMinimumRank',
      'isPenalized',
      'penaltyUntil',
      'playerId',
      'playerName',
      'rankLevel',
    ])
    await api(
      admin,
      'PUT',
      '/guild/public-visibility',
      settings({ queueMode: 'first', queueFirst: 2, showCounters: false }),
    )
    const reduced = await read<PublicQueue>(queuePath)
    expect(reduced.unlisted.find((p) => p.playerName === 'Bruno')?.attendanceStatus).toBe('had_turn')
    expect(JSON.stringify(reduced.unlisted)).not.toMatch(/:"(received|absent)"/)

    await api(admin, 'PUT', '/guild/public-visibility', settings({ queueMode: 'own' }))
    const own = await read<PublicQueue>(queuePath)
    expect(own.entries).toEqual([])
    expect(own.shown).toEqual({ mode: 'own', first: 10, total: 4 })
    expect(own.unlisted.map((p) => p.playerName)).toEqual(['Ana', 'Bruno', 'Caio', 'Duda'])
    const view = await read<PublicView>('/view')
    expect(view.items.map((i) => [i.name, i.queueCount])).toEqual([['Thunderfury', 4]])
    expect(view.visibility.queueMode).toBe('own')
    // Bruno, fourth of four and past any "first N", still finds his place on his own page.
    const bruno = await read<PlayerStanding>(`/players/${ids.Bruno}`)
    expect(bruno.queues[0]).toMatchObject({ position: 3, queueLength: 4 })
  })
})

describe('"view as the public" from the dashboard', () => {
  it("gives a signed-in member the public's own access and sends them to the public page", async () => {
    const { guild, admin, item, read } = await raidedGuild(ctx, client)
    await api(admin, 'PUT', '/guild/public-visibility', settings({ showNotes: false }))
    const member = await buildMember(ctx, { guildId: guild.id })
    const res = await member.request('GET', '/api/v1/guild/public-preview')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`/guilds/${guild.slug}`)
    const cookies = res.headers.getSetCookie()
    expect(cookies.map((c) => /Path=([^;]+)/.exec(c)?.[1])).toEqual([
      `/api/v1/public/guilds/${guild.slug}`,
      `/guilds/${guild.slug}`,
    ])
    // The same answers a visitor gets with the password: the guild's settings applied.
    const cookie = cookies[0]!.split(';')[0]!
    const queue = await client.call('GET', `${guild.slug}/items/${item.id}/queue`, { cookie })
    expect(queue.status).toBe(200)
    expect(await queue.json()).toEqual(await read<PublicQueue>(`/items/${item.id}/queue`))
    expect(JSON.stringify(await read(`/items/${item.id}/queue`))).not.toContain(AWARD_NOTE)
  })

  it('needs a signed-in member of the guild, and gives no access without a public password', async () => {
    const { guild, admin } = await buildGuild(ctx, { publicAccessPassword: null })
    expect((await ctx.app.request('/api/v1/guild/public-preview')).status).toBe(401)
    const res = await admin.request('GET', '/api/v1/guild/public-preview')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`/guilds/${guild.slug}`)
    expect(res.headers.getSetCookie()).toEqual([])
  })
})
