import { describe, expect, it } from 'vitest'
import type { Overview } from '../../../contract/overview'
import type { PlayerStanding } from '../../../contract/player-standing'
import type { Player } from '../../../contract/players'
import type { QueueView } from '../../../contract/queues'
import { buildGuild, buildItem, buildMember, buildPlayer } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import type { Actor } from '../../test/factories'

// Issue 43, point 7: names sort as a person reads them (contract/names.ts), on both engines, wherever a list
// is in name order: the players list (and the queue's player picker, which reads it), add-all, the
// overview's items, a player's page. The test cluster collates as C, where "Éowyn" came after "Samwise".

const ctx = await fileTestContext()

async function call<T>(actor: Actor, method: string, path: string, body?: unknown, status = 200): Promise<T> {
  const res = await actor.request(method, `/api/v1${path}`, body)
  const text = await res.text()
  expect(res.status, text).toBe(status)
  return JSON.parse(text) as T
}
const namesOf = (queue: QueueView) => queue.entries.map((entry) => entry.playerName)

const NAMES = ['Samwise', 'Éowyn', 'bruno', 'Zoë', 'Jogador 10', 'Ánia', 'Jogador 2', 'ana']
const IN_ORDER = ['ana', 'Ánia', 'bruno', 'Éowyn', 'Jogador 2', 'Jogador 10', 'Samwise', 'Zoë']

describe('name order', () => {
  it('lists players and adds all of them to a queue in the collation order', async () => {
    const { guild } = await buildGuild(ctx)
    const member = await buildMember(ctx, { guildId: guild.id })
    for (const name of NAMES) await buildPlayer(ctx, guild.id, { name })
    const { players } = await call<{ players: Player[] }>(member, 'GET', '/players')
    expect(players.map((p) => p.name)).toEqual(IN_ORDER)

    const item = await buildItem(ctx, guild.id)
    await call(member, 'POST', `/items/${item.id}/queue/add-all`)
    expect(namesOf(await call<QueueView>(member, 'GET', `/items/${item.id}/queue`))).toEqual(IN_ORDER)
  })

  it("orders the overview's items and a player's queues by item name", async () => {
    const { guild } = await buildGuild(ctx)
    const member = await buildMember(ctx, { guildId: guild.id })
    const player = await buildPlayer(ctx, guild.id, { name: 'Frodo' })
    for (const name of NAMES) {
      const item = await buildItem(ctx, guild.id, { name })
      await call(member, 'POST', `/items/${item.id}/queue`, { playerId: player.id }, 201)
    }
    const overview = await call<Overview>(member, 'GET', '/overview')
    expect(overview.nextUp.map((row) => row.itemName)).toEqual(IN_ORDER)
    const standing = await call<PlayerStanding>(member, 'GET', `/players/${player.id}/standing`)
    expect(standing.queues.map((place) => place.itemName)).toEqual(IN_ORDER)
  })
})
