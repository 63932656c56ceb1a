import { afterEach, describe, expect, it } from 'vitest'
import type { QueueView } from '../../../contract/queues'
import { fileTestContext } from '../../test/harness'
import { buildQueue, call, expectRefusedUnchanged, type QueueFixture } from '../queues/queue.test-support'
import { api, DURING_NIGHT, scheduleNight, tick } from './raid-nights.test-support'

// An outside tester undid an award of a night already completed: its recap had gone to Discord, the webhook
// and the members' e-mails, and nothing asked first; the night then disagreed with the recap. The undo of
// such an award is refused (UNDO_AFTER_RECAP, naming the night, nothing changed) until the member says they
// know (`afterRecap`); an award of a night still active, or outside any night, is undone as before.

const ctx = await fileTestContext()
afterEach(() => ctx.setNow(null))

async function awardedTonight() {
  ctx.setNow(new Date(DURING_NIGHT.getTime() - 60_000))
  const q = await buildQueue(ctx, ['Ana', 'Bruno', 'Caio'])
  ctx.setNow(DURING_NIGHT)
  const night = await scheduleNight(q.member)
  await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`, { raidNightId: night.id })
  tick(ctx)
  return { q, night }
}

const undo = (q: QueueFixture, body?: object, language = 'pt') =>
  q.member.request('POST', `/api/v1/items/${q.item.id}/queue/undo`, body, { 'accept-language': language })
const firstOf = async (q: QueueFixture) =>
  (await call<QueueView>(q.member, 'GET', `/items/${q.item.id}/queue`)).entries[0]!.playerName

describe('undoing an award of a completed night', () => {
  it.each(['complete', 'archive'] as const)(
    'asks first, naming the night, once the night is recapped (%s); undoes it when told',
    async (last) => {
      const { q, night } = await awardedTonight()
      await api(q.member, 'POST', `/raid-nights/${night.id}/status`, { action: 'complete' })
      if (last === 'archive')
        await api(q.member, 'POST', `/raid-nights/${night.id}/status`, { action: 'archive' })
      await expectRefusedUnchanged(ctx, q, 409, 'UNDO_AFTER_RECAP', () => undo(q))
      expect(await firstOf(q)).toBe('Bruno')
      const said = async (language: string) =>
        ((await (await undo(q, {}, language)).json()) as { error: { message: string } }).error.message
      expect(await said('pt')).toContain('“Raid de quinta”, já concluído')
      expect(await said('en')).toContain('“Raid de quinta”, an event already completed')

      const res = await undo(q, { afterRecap: true })
      expect(res.status).toBe(200)
      expect(await firstOf(q)).toBe('Ana')
    },
  )

  it('undoes an award of a night still active, or of no night, without asking', async () => {
    const { q } = await awardedTonight()
    expect((await undo(q)).status).toBe(200)
    expect(await firstOf(q)).toBe('Ana')

    await call(q.member, 'POST', `/queue-entries/${q.entryOf('Ana').id}/received`)
    tick(ctx)
    expect((await undo(q)).status).toBe(200)
    expect(await firstOf(q)).toBe('Ana')
  })

  it('undoes a reopened night’s award without asking: the night is active again', async () => {
    const { q, night } = await awardedTonight()
    await api(q.member, 'POST', `/raid-nights/${night.id}/status`, { action: 'complete' })
    await api(q.member, 'POST', `/raid-nights/${night.id}/status`, { action: 'reopen' })
    expect((await undo(q)).status).toBe(200)
  })
})
