import { afterEach, describe, expect, it } from 'vitest'
import { buildMember } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { buildQueue, call, type QueueFixture } from './queue.test-support'

// A refused undo says why, in words a person can act on (issue 14, item 1): there was nothing to undo
// (never acted, or already undone) is not the same as "the 10 minutes ran out".

const ctx = await fileTestContext()
afterEach(() => ctx.setNow(null as unknown as Date))

async function refusedUndo(q: QueueFixture, language: 'pt' | 'en', body?: { queueVersion: number }) {
  const res = await q.member.request('POST', `/api/v1/items/${q.item.id}/queue/undo`, body, {
    'accept-language': language,
  })
  expect(res.status).toBe(409)
  return (await res.json()).error as { code: string; message: string }
}

describe('a refused undo', () => {
  it('after an undo: nothing to undo, without hinting at the time limit', async () => {
    const q = await buildQueue(ctx)
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`)
    await call(q.member, 'POST', `/items/${q.item.id}/queue/undo`)
    expect(await refusedUndo(q, 'pt')).toEqual({
      code: 'NOTHING_TO_UNDO',
      message: 'Não há ação para desfazer nesta fila.',
    })
    expect(await refusedUndo(q, 'en')).toEqual({
      code: 'NOTHING_TO_UNDO',
      message: 'There is no action to undo in this queue.',
    })
  })

  it('after the window: too late, saying how long the window is', async () => {
    const q = await buildQueue(ctx)
    const at = new Date('2025-05-05T20:00:00Z')
    ctx.setNow(at)
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`)
    ctx.setNow(new Date(at.getTime() + 10 * 60_000))
    const pt = await refusedUndo(q, 'pt')
    expect(pt.code).toBe('UNDO_EXPIRED')
    expect(pt.message).toContain('10 minutos')
    const en = await refusedUndo(q, 'en')
    expect(en.code).toBe('UNDO_EXPIRED')
    expect(en.message).toContain('10 minutes')
  })

  // An outside tester, two officers on one queue: A's toast offered to undo A's award, B then awarded the next
  // player, and A's undo said "the queue changed, try again", which could never succeed (only the last action
  // can be undone). Its own code says it cannot be undone any more, without asking to try again.
  it('after another action came since the one named: superseded, nothing changed, no "try again"', async () => {
    const q = await buildQueue(ctx)
    const mine = await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`)
    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Bruno').id}/received`)
    const pt = await refusedUndo(q, 'pt', { queueVersion: mine.version })
    expect(pt).toEqual({
      code: 'UNDO_SUPERSEDED',
      message:
        'Esta ação não pode mais ser desfeita: outra ação veio depois dela nesta fila, e só a última pode ser desfeita. Nada foi alterado.',
    })
    const en = await refusedUndo(q, 'en', { queueVersion: mine.version })
    expect(en.code).toBe('UNDO_SUPERSEDED')
    expect(en.message).toContain('only the last one can be undone')
    expect(en.message).not.toMatch(/try again/i)
  })
})

// An outside tester: two officers on one item; Bruno marked Gwendolyn absent and Ana's header only said
// "undo the last action: absence". Any officer may undo it; the queue says whose action on which player it is.
describe('the undo a queue offers', () => {
  it('names the player and who acted, read by another officer as by the one who acted', async () => {
    const q = await buildQueue(ctx, ['Gwendolyn', 'Ulfric', 'Zed'])
    const bruno = await buildMember(ctx, { guildId: q.guild.id, name: 'Bruno' })
    const readUndo = async () => (await call(q.member, 'GET', `/items/${q.item.id}/queue`)).undo
    const byBruno = { actorUserId: bruno.user.id, actorName: 'Bruno' }

    // "Add all": how many it added, by the fixture's member.
    expect(await readUndo()).toMatchObject({
      actionType: 'QUEUE_ADD_ALL',
      playerName: null,
      count: 3,
      actorUserId: q.member.user.id,
      actorName: q.member.user.name,
    })

    // `call` also checks that each write's own answer offers the undo the queue's read then says.
    await call(bruno, 'POST', `/queue-entries/${q.entryOf('Gwendolyn').id}/absent`)
    expect(await readUndo()).toMatchObject({
      actionType: 'PLAYER_ABSENT',
      playerName: 'Gwendolyn',
      count: null,
      ...byBruno,
    })

    // A removal: the entry is gone, its player is still named.
    await call(bruno, 'DELETE', `/queue-entries/${q.entryOf('Ulfric').id}`)
    expect(await readUndo()).toMatchObject({ actionType: 'QUEUE_REMOVE', playerName: 'Ulfric', ...byBruno })

    // An addition names the player added; a drag names nobody.
    await call(bruno, 'POST', `/items/${q.item.id}/queue`, { playerId: q.entryOf('Ulfric').playerId }, 201)
    expect(await readUndo()).toMatchObject({ actionType: 'QUEUE_ADD', playerName: 'Ulfric', ...byBruno })
    const shown = await call(q.member, 'GET', `/items/${q.item.id}/queue`)
    await call(q.member, 'PUT', `/items/${q.item.id}/queue/order`, {
      entryIds: shown.entries.map((e) => e.id).reverse(),
    })
    expect(await readUndo()).toMatchObject({ actionType: 'QUEUE_REORDER', playerName: null, count: null })
  })
})
