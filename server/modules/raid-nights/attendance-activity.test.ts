import { and, asc, eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { describeActivity } from '../../../contract/activity-description'
import { auditLogs } from '../../db/schema'
import { buildMember, buildPlayer } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { historyTranslate } from '../history/history.i18n'
import { buildQueue } from '../queues/queue.test-support'
import { ATTENDANCE_FOLD_MS } from './attendance.service'
import { api, DURING_NIGHT, markPlayers, scheduleNight, tick } from './raid-nights.test-support'

// Outside test F, defect 6: marking a night from the keyboard saves each mark on its own, and each save wrote
// its own "Presença atualizada · 1 marcação" row, burying the night's awards. A member's saves of one night in
// a row are one activity row, its count summed (docs/product-rules.md, "History and activity").

const ctx = await fileTestContext()
afterEach(() => ctx.setNow(null))

const MARKS = ['present', 'late', 'bench', 'excused', 'no_show'] as const

/** A guild with a queue of `players` names, a night running (TONIGHT at DURING_NIGHT) and a second member. */
async function nightWithPlayers(count: number) {
  ctx.setNow(new Date(DURING_NIGHT.getTime() - 60_000))
  const names = Array.from({ length: count }, (_, i) => `Jogador ${String(i + 1).padStart(2, '0')}`)
  const q = await buildQueue(ctx, names)
  const other = await buildMember(ctx, { guildId: q.guild.id })
  ctx.setNow(DURING_NIGHT)
  const night = await scheduleNight(q.member)
  return { ...q, other, night, ids: q.players.map((p) => p.id) }
}

/** The night's attendance rows, oldest first: who, what, when. */
async function attendanceRowsOf(guildId: string, nightId: string) {
  return ctx.database.db
    .select({ userId: auditLogs.userId, description: auditLogs.description, createdAt: auditLogs.createdAt })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.guildId, guildId),
        eq(auditLogs.eventId, nightId),
        eq(auditLogs.actionType, 'ATTENDANCE_UPDATE'),
      ),
    )
    .orderBy(asc(auditLogs.createdAt))
}

/** The night's activity, oldest first, as action types. */
async function nightActions(guildId: string, nightId: string) {
  const rows = await ctx.database.db
    .select({ actionType: auditLogs.actionType })
    .from(auditLogs)
    .where(and(eq(auditLogs.guildId, guildId), eq(auditLogs.eventId, nightId)))
    .orderBy(asc(auditLogs.createdAt))
  return rows.map((r) => r.actionType)
}

describe('attendance saves in the activity log', () => {
  it('twelve marks saved one by one by a member are one row saying 12 marks, at the last save’s time', async () => {
    const n = await nightWithPlayers(12)
    for (const [i, id] of n.ids.entries()) {
      tick(ctx)
      await markPlayers(n.member, n.night.id, { [id]: MARKS[i % MARKS.length]! })
    }
    const rows = await attendanceRowsOf(n.guild.id, n.night.id)
    expect(rows).toEqual([
      { userId: n.member.user.id, description: 'Raid de quinta · marks 12', createdAt: ctx.deps.now() },
    ])
    expect(describeActivity('ATTENDANCE_UPDATE', rows[0]!.description, historyTranslate('pt'))).toBe(
      'Raid de quinta · 12 marcações alteradas',
    )
    expect(describeActivity('ATTENDANCE_UPDATE', rows[0]!.description, historyTranslate('en'))).toBe(
      'Raid de quinta · 12 marks changed',
    )
    // A save that changes nothing leaves the row as it is; a changed mark counts again.
    tick(ctx)
    await markPlayers(n.member, n.night.id, { [n.ids[0]!]: 'present' })
    await markPlayers(n.member, n.night.id, { [n.ids[0]!]: null, [n.ids[1]!]: 'present' })
    expect((await attendanceRowsOf(n.guild.id, n.night.id)).map((r) => r.description)).toEqual([
      'Raid de quinta · marks 14',
    ])
    expect(await nightActions(n.guild.id, n.night.id)).toEqual(['EVENT_CREATE', 'ATTENDANCE_UPDATE'])
  })

  it('another member’s save, an award or a pause of 10 minutes in between starts a new row', async () => {
    const n = await nightWithPlayers(4)
    const [a, b, c, d] = n.ids as [string, string, string, string]
    const saveAs = async (actor: typeof n.member, id: string) => {
      tick(ctx)
      await markPlayers(actor, n.night.id, { [id]: 'bench' })
      await markPlayers(actor, n.night.id, { [id]: 'present' })
    }
    await saveAs(n.member, a)
    await saveAs(n.other, b)
    await saveAs(n.member, c)
    tick(ctx)
    await api(n.member, 'POST', `/queue-entries/${n.entryOf('Jogador 01').id}/received`, {
      raidNightId: n.night.id,
    })
    await saveAs(n.member, d)
    ctx.setNow(new Date(ctx.deps.now().getTime() + ATTENDANCE_FOLD_MS))
    await markPlayers(n.member, n.night.id, { [d]: 'late' })
    const rows = await attendanceRowsOf(n.guild.id, n.night.id)
    expect(rows.map((r) => [r.userId, r.description])).toEqual([
      [n.member.user.id, 'Raid de quinta · marks 2'],
      [n.other.user.id, 'Raid de quinta · marks 2'],
      [n.member.user.id, 'Raid de quinta · marks 2'],
      [n.member.user.id, 'Raid de quinta · marks 2'],
      [n.member.user.id, 'Raid de quinta · marks 1'],
    ])
    expect(await nightActions(n.guild.id, n.night.id)).toEqual([
      'EVENT_CREATE',
      'ATTENDANCE_UPDATE',
      'ATTENDANCE_UPDATE',
      'ATTENDANCE_UPDATE',
      'ITEM_RECEIVED',
      'ATTENDANCE_UPDATE',
      'ATTENDANCE_UPDATE',
    ])
  })

  it('folds saves of the same night only: another night’s save is its own row', async () => {
    const n = await nightWithPlayers(2)
    const later = await scheduleNight(n.member, { name: 'Raid de sexta', date: '2026-12-11' })
    tick(ctx)
    await markPlayers(n.member, n.night.id, { [n.ids[0]!]: 'bench' })
    await markPlayers(n.member, later.id, { [n.ids[0]!]: 'bench' })
    await markPlayers(n.member, n.night.id, { [n.ids[1]!]: 'bench' })
    expect((await attendanceRowsOf(n.guild.id, n.night.id)).map((r) => r.description)).toEqual([
      'Raid de quinta · marks 2',
    ])
    expect((await attendanceRowsOf(n.guild.id, later.id)).map((r) => r.description)).toEqual([
      'Raid de sexta · marks 1',
    ])
  })

  it('saves sent at once are folded one after the other: one row, every mark counted', async () => {
    const n = await nightWithPlayers(2)
    const extra = []
    for (let i = 0; i < 6; i++) extra.push(await buildPlayer(ctx, n.guild.id, { name: `Reserva ${i}` }))
    const ids = [...n.ids, ...extra.map((p) => p.id)]
    tick(ctx)
    await Promise.all(ids.map((id) => markPlayers(n.member, n.night.id, { [id]: 'excused' })))
    expect((await attendanceRowsOf(n.guild.id, n.night.id)).map((r) => r.description)).toEqual([
      'Raid de quinta · marks 8',
    ])
    // Two members at once: their saves fold into each one's own rows (the first member's may join the row
    // above), and every mark is counted once.
    tick(ctx)
    await Promise.all(
      ids.map((id, i) => markPlayers(i % 2 ? n.member : n.other, n.night.id, { [id]: 'present' })),
    )
    const rows = await attendanceRowsOf(n.guild.id, n.night.id)
    const counts = rows.map((r) => Number(/ · marks (\d+)$/.exec(r.description)![1]))
    expect(counts.reduce((sum, c) => sum + c, 0)).toBe(16)
    expect(new Set(rows.map((r) => r.userId))).toEqual(new Set([n.member.user.id, n.other.user.id]))
  })
})
