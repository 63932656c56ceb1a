import { and, desc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ActivityPage, LootHistoryPage } from '../../../contract/history'
import type { PublicQueue } from '../../../contract/public'
import { auditLogs, lootHistory, playerQueues } from '../../db/schema'
import { fileTestContext } from '../../test/harness'
import { publicClient } from '../public/public.test-support'
import { buildQueue, call, type QueueFixture } from './queue.test-support'

// Issue 16: every queue action takes an optional note (why). A receipt keeps it in the loot history, every
// action in its audit row; the history, the activity log, their CSVs and the public page show it.

const ctx = await fileTestContext()

async function lastAudit(guildId: string) {
  const [row] = await ctx.database.db
    .select()
    .from(auditLogs)
    .where(eq(auditLogs.guildId, guildId))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.seq))
    .limit(1)
  return row!
}

/** The public queue of the fixture's item, through the password gate like a raider. */
async function publicQueue(q: QueueFixture): Promise<PublicQueue> {
  const client = publicClient(ctx)
  const { cookie } = await client.enter(q.guild.slug, 'raid-night', { ip: '198.51.100.7' })
  const res = await client.call('GET', `${q.guild.slug}/items/${q.item.id}/queue`, { cookie })
  expect(res.status).toBe(200)
  return res.json()
}

describe('a note with each queue action', () => {
  it('received: in the loot history, the audit row, the history and activity pages and the public page', async () => {
    const q = await buildQueue(ctx)
    const note = '  Ganhou a rolagem (97)\r\ncontra Bruno  '
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`, { note })
    const [history] = await ctx.database.db
      .select()
      .from(lootHistory)
      .where(eq(lootHistory.guildId, q.guild.id))
    expect(history!.notes).toBe('Ganhou a rolagem (97)\ncontra Bruno')
    expect(await lastAudit(q.guild.id)).toMatchObject({
      actionType: 'ITEM_RECEIVED',
      note: 'Ganhou a rolagem (97)\ncontra Bruno',
    })
    const loot = await call<LootHistoryPage>(q.member, 'GET', '/history/loot')
    expect(loot.rows.map((r) => r.notes)).toEqual(['Ganhou a rolagem (97)\ncontra Bruno'])
    const activity = await call<ActivityPage>(q.member, 'GET', '/history/activity')
    expect(activity.rows[0]).toMatchObject({
      actionType: 'ITEM_RECEIVED',
      note: 'Ganhou a rolagem (97)\ncontra Bruno',
    })
    const pub = await publicQueue(q)
    expect(pub.lastRecipient).toMatchObject({
      playerName: 'Ana',
      note: 'Ganhou a rolagem (97)\ncontra Bruno',
    })
    expect(pub.entries.find((e) => e.playerName === 'Ana')!.lastNote).toBe(
      'Ganhou a rolagem (97)\ncontra Bruno',
    )
    expect(pub.entries.find((e) => e.playerName === 'Bruno')!.lastNote).toBeNull()
  })

  it.each([
    [
      'absent',
      'POST',
      (q: QueueFixture) => `/queue-entries/${q.entryOf('Bruno').id}/absent`,
      'PLAYER_ABSENT',
    ],
    [
      'not interested',
      'POST',
      (q: QueueFixture) => `/queue-entries/${q.entryOf('Bruno').id}/not-interested`,
      'PLAYER_NOT_INTERESTED',
    ],
    ['remove', 'DELETE', (q: QueueFixture) => `/queue-entries/${q.entryOf('Bruno').id}`, 'QUEUE_REMOVE'],
  ] as const)('%s: the note is in the audit row', async (_, method, path, actionType) => {
    const q = await buildQueue(ctx)
    await call(q.member, method, path(q), { note: 'Avisou no Discord' })
    expect(await lastAudit(q.guild.id)).toMatchObject({ actionType, note: 'Avisou no Discord' })
  })

  it('penalty: its reason is the note (and no longer repeated in the description); removal takes one too', async () => {
    const q = await buildQueue(ctx)
    const entry = q.entryOf('Caio').id
    await call(q.member, 'POST', `/queue-entries/${entry}/penalty`, {
      days: 3,
      note: 'Saiu no meio da raide',
    })
    expect(await lastAudit(q.guild.id)).toMatchObject({
      actionType: 'PLAYER_PENALIZED',
      description: 'Espada Lendária · Caio · 3d',
      note: 'Saiu no meio da raide',
    })
    const pub = await publicQueue(q)
    expect(pub.entries.find((e) => e.playerName === 'Caio')!.lastNote).toBe('Saiu no meio da raide')
    await call(q.member, 'DELETE', `/queue-entries/${entry}/penalty`, { note: 'Conversamos' })
    expect(await lastAudit(q.guild.id)).toMatchObject({
      actionType: 'PLAYER_PENALTY_REMOVED',
      note: 'Conversamos',
    })
  })

  it('reorder: the note goes with the order', async () => {
    const q = await buildQueue(ctx)
    const ids = q.queue.entries.map((e) => e.id).reverse()
    await call(q.member, 'PUT', `/items/${q.item.id}/queue/order`, {
      entryIds: ids,
      note: 'Ordem do conselho',
    })
    expect(await lastAudit(q.guild.id)).toMatchObject({
      actionType: 'QUEUE_REORDER',
      note: 'Ordem do conselho',
    })
  })

  it('without a body, or with only spaces, there is no note', async () => {
    const q = await buildQueue(ctx)
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`)
    expect((await lastAudit(q.guild.id)).note).toBeNull()
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Bruno').id}/absent`, { note: '   ' })
    expect((await lastAudit(q.guild.id)).note).toBeNull()
    const [history] = await ctx.database.db
      .select()
      .from(lootHistory)
      .where(eq(lootHistory.guildId, q.guild.id))
    expect(history!.notes).toBeNull()
  })

  it.each([
    ['a'.repeat(501), 'too_big'],
    ['linha\u0007campainha', 'controlCharacters'],
    [42, 'invalid_type'],
  ])('refuses a bad note (%#) with 400 and changes nothing', async (note, code) => {
    const q = await buildQueue(ctx)
    const before = await lastAudit(q.guild.id)
    const res = await q.member.request('POST', `/api/v1/queue-entries/${q.entryOf('Ana').id}/received`, {
      note,
    })
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.error.code).toBe('VALIDATION_FAILED')
    expect(Object.keys(body.error.fields)).toEqual(['note'])
    if (code !== 'too_big' && code !== 'invalid_type') expect(body.error.fields.note).toBe(code)
    expect((await lastAudit(q.guild.id)).id).toBe(before.id)
    expect(
      await ctx.database.db
        .select()
        .from(lootHistory)
        .where(and(eq(lootHistory.guildId, q.guild.id))),
    ).toEqual([])
  })

  it('accepts exactly 500 characters', async () => {
    const q = await buildQueue(ctx)
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/absent`, { note: 'x'.repeat(500) })
    expect((await lastAudit(q.guild.id)).note).toHaveLength(500)
  })

  it("an undone action's note is no longer an entry's reason on the public page", async () => {
    const start = Date.now()
    const at = (seconds: number) => ctx.setNow(new Date(start + seconds * 1000))
    at(0)
    const q = await buildQueue(ctx)
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Duda').id}/absent`, { note: 'Sem aviso' })
    expect((await publicQueue(q)).entries.find((e) => e.playerName === 'Duda')!.lastNote).toBe('Sem aviso')
    at(1)
    await call(q.member, 'POST', `/items/${q.item.id}/queue/undo`)
    const pub = await publicQueue(q)
    expect(pub.entries.find((e) => e.playerName === 'Duda')!.lastNote).toBeNull()
    // The next action gives a reason again.
    at(2)
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Duda').id}/absent`, { note: 'Agora sim' })
    expect((await publicQueue(q)).entries.find((e) => e.playerName === 'Duda')!.lastNote).toBe('Agora sim')
    ctx.setNow(null as unknown as Date)
  })
})

// Officers-only notes (docs/decisions/019-public-visibility.md): the flag is stored with the note, the
// dashboard reads it, the public page never gets the note; without a note the flag is ignored.
describe('an officers-only note', () => {
  const storedEntry = async (q: QueueFixture, name: string) => {
    const [row] = await ctx.database.db
      .select()
      .from(playerQueues)
      .where(and(eq(playerQueues.guildId, q.guild.id), eq(playerQueues.id, q.entryOf(name).id)))
    return row!
  }

  it('is stored with its flag on the audit row, the history row and a penalty on the entry', async () => {
    const q = await buildQueue(ctx)
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`, {
      note: 'Combinado com os oficiais',
      notePrivate: true,
    })
    expect(await lastAudit(q.guild.id)).toMatchObject({
      note: 'Combinado com os oficiais',
      notePrivate: true,
    })
    const [history] = await ctx.database.db
      .select()
      .from(lootHistory)
      .where(eq(lootHistory.guildId, q.guild.id))
    expect(history).toMatchObject({ notes: 'Combinado com os oficiais', notesPrivate: true })
    const view = await call(q.member, 'POST', `/queue-entries/${q.entryOf('Caio').id}/penalty`, {
      days: 2,
      note: 'Discussão interna',
      notePrivate: true,
    })
    expect(view.entries.find((e) => e.playerName === 'Caio')).toMatchObject({
      penaltyNote: 'Discussão interna',
      penaltyNotePrivate: true,
    })
    expect(await storedEntry(q, 'Caio')).toMatchObject({ penaltyNotePrivate: true })
    const pub = await publicQueue(q)
    expect(pub.lastRecipient).toMatchObject({ playerName: 'Ana', note: null })
    expect(pub.entries.find((e) => e.playerName === 'Caio')).toMatchObject({
      penaltyNote: null,
      lastNote: null,
    })
    expect(JSON.stringify(pub)).not.toContain('Private')
    // Removing the penalty takes its reason and its flag.
    await call(q.member, 'DELETE', `/queue-entries/${q.entryOf('Caio').id}/penalty`)
    expect(await storedEntry(q, 'Caio')).toMatchObject({ penaltyNote: null, penaltyNotePrivate: false })
  })

  it('a flag without a note is ignored (stored false); a flag that is not a boolean is refused', async () => {
    const q = await buildQueue(ctx)
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`, { notePrivate: true })
    expect(await lastAudit(q.guild.id)).toMatchObject({ note: null, notePrivate: false })
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Bruno').id}/absent`, {
      note: '   ',
      notePrivate: true,
    })
    expect(await lastAudit(q.guild.id)).toMatchObject({ note: null, notePrivate: false })
    const [history] = await ctx.database.db
      .select()
      .from(lootHistory)
      .where(eq(lootHistory.guildId, q.guild.id))
    expect(history).toMatchObject({ notes: null, notesPrivate: false })

    const before = await lastAudit(q.guild.id)
    for (const [method, path, body] of [
      ['POST', `/queue-entries/${q.entryOf('Caio').id}/received`, { note: 'x', notePrivate: 'yes' }],
      ['POST', `/queue-entries/${q.entryOf('Caio').id}/penalty`, { days: 2, note: 'x', notePrivate: 1 }],
      ['PUT', `/items/${q.item.id}/queue/order`, { entryIds: [], note: 'x', notePrivate: null }],
    ] as const) {
      const res = await q.member.request(method, `/api/v1${path}`, body)
      expect(res.status, path).toBe(400)
      const error = (await res.json()).error
      expect(error.code).toBe('VALIDATION_FAILED')
      expect(Object.keys(error.fields)).toEqual(['notePrivate'])
    }
    expect((await lastAudit(q.guild.id)).id).toBe(before.id)
    // The database holds the rule too: no flag without a note.
    await expect(
      ctx.database.db
        .update(lootHistory)
        .set({ notesPrivate: true })
        .where(eq(lootHistory.guildId, q.guild.id)),
    ).rejects.toThrow()
  })

  it('undo: an award with an officers-only note goes with its history row; a penalty gets its flag back', async () => {
    const start = Date.now()
    const at = (seconds: number) => ctx.setNow(new Date(start + seconds * 1000))
    at(0)
    const q = await buildQueue(ctx)
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Bruno').id}/received`, { note: 'Rolagem' })
    at(1)
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`, {
      note: 'Só oficiais',
      notePrivate: true,
    })
    expect((await publicQueue(q)).lastRecipient).toMatchObject({ playerName: 'Ana', note: null })
    at(2)
    await call(q.member, 'POST', `/items/${q.item.id}/queue/undo`)
    const loot = await call<LootHistoryPage>(q.member, 'GET', '/history/loot')
    expect(loot.rows.map((r) => [r.playerName, r.notes, r.notesPrivate])).toEqual([
      ['Bruno', 'Rolagem', false],
    ])
    expect((await publicQueue(q)).lastRecipient).toMatchObject({ playerName: 'Bruno', note: 'Rolagem' })

    // A penalty with an officers-only reason, removed, then the removal undone: reason and flag come back.
    at(3)
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Caio').id}/penalty`, {
      days: 2,
      note: 'Motivo interno',
      notePrivate: true,
    })
    at(4)
    await call(q.member, 'DELETE', `/queue-entries/${q.entryOf('Caio').id}/penalty`)
    at(5)
    const view = await call(q.member, 'POST', `/items/${q.item.id}/queue/undo`)
    expect(view.entries.find((e) => e.playerName === 'Caio')).toMatchObject({
      penaltyNote: 'Motivo interno',
      penaltyNotePrivate: true,
    })
    expect(await storedEntry(q, 'Caio')).toMatchObject({ penaltyNotePrivate: true })
    const pub = await publicQueue(q)
    expect(pub.entries.find((e) => e.playerName === 'Caio')).toMatchObject({
      isPenalized: true,
      penaltyNote: null,
    })
    expect(JSON.stringify(pub)).not.toContain('Motivo interno')
    ctx.setNow(null as unknown as Date)
  })
})
