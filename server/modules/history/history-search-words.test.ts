import { describe, expect, it } from 'vitest'
import { buildGuild, buildMember } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { MAX_SEARCH_WORDS } from './history.search'
import { seedAudit, seedLoot } from './history.test-support'

// docs/decisions/010-history-search.md: a search matches words, not a phrase. A row is kept when it contains
// every word of the search, each word in any of its fields (loot: item or player; activity: description,
// author or action label), each folded and taken literally, as a one-word search is.

const ctx = await fileTestContext()

type Actor = { request: (m: string, p: string, b?: unknown, h?: Record<string, string>) => Promise<Response> }

/** A search's rows and total, checked to agree: the total counts exactly the rows a single page lists. */
async function searched<Row>(actor: Actor, path: string, q: string, headers: Record<string, string> = {}) {
  const res = await actor.request('GET', `${path}?search=${encodeURIComponent(q)}`, undefined, headers)
  expect(res.status, q).toBe(200)
  const { rows, total } = (await res.json()) as { rows: Row[]; total: number }
  expect(total, `total of "${q}"`).toBe(rows.length)
  return rows
}

describe('loot history search by words', () => {
  it('keeps the rows holding every word, in the item or the player, in any order', async () => {
    const { guild, admin } = await buildGuild(ctx)
    await seedLoot(ctx, guild.id, [
      { itemName: 'Anel de Fogo', playerName: 'Ana Souza' },
      { itemName: 'Anel de Gelo', playerName: 'Bruno' },
      { itemName: 'Espada de Fogo', playerName: 'Ana Lima' },
      { itemName: 'Anel 100% Puro', playerName: 'Carla' },
      { itemName: 'Anel 100 Puro', playerName: 'Davi' },
      { itemName: 'Anel_Raro', playerName: 'Eva' },
    ])
    const items = async (q: string) =>
      (await searched<{ itemName: string }>(admin, '/api/v1/history/loot', q)).map((r) => r.itemName).sort()

    // Both words in the item; one in the item and one in the player.
    expect(await items('anel fogo')).toEqual(['Anel de Fogo'])
    expect(await items('fogo anel')).toEqual(['Anel de Fogo'])
    expect(await items('anel ana')).toEqual(['Anel de Fogo'])
    expect(await items('fogo souza')).toEqual(['Anel de Fogo'])
    // One word: as it always was, a substring of either field.
    expect(await items('fogo')).toEqual(['Anel de Fogo', 'Espada de Fogo'])
    expect(await items('ana')).toEqual(['Anel de Fogo', 'Espada de Fogo'])
    // A word found nowhere keeps no row, however many others match.
    expect(await items('anel fogo dragão')).toEqual([])
    // Each word folded: case and accents ignored, whatever the spaces between them.
    expect(await items('  ÂNEL \t  fógo ')).toEqual(['Anel de Fogo'])
    expect(await items('ANEL ÁNA')).toEqual(['Anel de Fogo'])
    // Each word literal: % and _ are themselves, never wildcards.
    expect(await items('anel 100%')).toEqual(['Anel 100% Puro'])
    expect(await items('puro 100%')).toEqual(['Anel 100% Puro'])
    expect(await items('anel _')).toEqual(['Anel_Raro'])
    expect(await items('anel %')).toEqual(['Anel 100% Puro'])
    // The CSV export searches alike.
    const csv = await (
      await admin.request('GET', `/api/v1/history/loot.csv?search=${encodeURIComponent('anel ana')}`)
    ).text()
    expect(csv).toContain('Anel de Fogo')
    expect(csv).not.toContain('Espada de Fogo')
    expect(csv).not.toContain('Anel de Gelo')
  })

  it(`matches the first ${MAX_SEARCH_WORDS} words and ignores the words after them`, async () => {
    const { guild, admin } = await buildGuild(ctx)
    await seedLoot(ctx, guild.id, [{ itemName: 'a b c d e f g h', playerName: 'Ana' }])
    const eight = 'a b c d e f g h'
    expect(eight.split(' ')).toHaveLength(MAX_SEARCH_WORDS)
    expect(await searched(admin, '/api/v1/history/loot', eight)).toHaveLength(1)
    expect(await searched(admin, '/api/v1/history/loot', `${eight} nowhere`)).toHaveLength(1)
    expect(await searched(admin, '/api/v1/history/loot', `a b c d e f g nowhere`)).toHaveLength(0)
  })
})

describe('activity search by words', () => {
  it('keeps the rows in which every word is in the description, the author or the action label', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const officer = await buildMember(ctx, { guildId: guild.id, name: 'Bruxa Morgana' })
    const king = await buildMember(ctx, { guildId: guild.id, name: 'Rei Arthur' })
    await seedAudit(ctx, guild.id, [
      { actionType: 'ITEM_RECEIVED', description: 'Espada de Fogo → Jaina', userId: officer.user.id },
      { actionType: 'ITEM_RECEIVED', description: 'Anel de Gelo → Thrall', userId: king.user.id },
      { actionType: 'PLAYER_PENALIZED', description: 'Thrall: 7 dias', userId: king.user.id },
      { actionType: 'QUEUE_REORDER', description: 'Fila reordenada: Anel de Fogo' },
      { actionType: 'ITEM_UPDATE', description: 'Bônus 100% → 50%', userId: officer.user.id },
      { actionType: 'ITEM_UPDATE', description: 'Bônus 100 → 50', userId: officer.user.id },
    ])
    const found = async (q: string, language = 'pt') =>
      (
        await searched<{ description: string }>(admin, '/api/v1/history/activity', q, {
          cookie: `${admin.cookie}; lq_lang=${language}`,
        })
      )
        .map((r) => r.description)
        .sort()

    // Both words in the description.
    expect(await found('anel fogo')).toEqual(['Fila reordenada: Anel de Fogo'])
    // The author and the description.
    expect(await found('morgana espada')).toEqual(['Espada de Fogo → Jaina'])
    // Both words in the author's name: every row that member wrote.
    expect(await found('bruxa morgana')).toEqual([
      'Bônus 100 → 50',
      'Bônus 100% → 50%',
      'Espada de Fogo → Jaina',
    ])
    // The action label in the reader's language, the description and the author.
    expect(await found('penalidade thrall')).toEqual(['Thrall: 7 dias'])
    expect(await found('penalty thrall', 'en')).toEqual(['Thrall: 7 dias'])
    expect(await found('penalty thrall')).toEqual([])
    expect(await found('recebido thrall arthur')).toEqual(['Anel de Gelo → Thrall'])
    // Both words in the label ("Item recebido"), each also in other labels and descriptions.
    expect(await found('item recebido')).toEqual(['Anel de Gelo → Thrall', 'Espada de Fogo → Jaina'])
    // A word found nowhere keeps no row.
    expect(await found('morgana nada')).toEqual([])
    expect(await found('bruxa morgana dragão')).toEqual([])
    // Folded and literal per word.
    expect(await found('MÓRGANA ÉSPADA')).toEqual(['Espada de Fogo → Jaina'])
    expect(await found('bonus 100%')).toEqual(['Bônus 100% → 50%'])
    expect(await found('morgana %')).toEqual(['Bônus 100% → 50%'])
    expect(await found('bonus 100_')).toEqual([])
    // The CSV export searches alike.
    const path = `/api/v1/history/activity.csv?search=${encodeURIComponent('morgana espada')}`
    const csv = await (await admin.request('GET', path)).text()
    expect(csv).toContain('Espada de Fogo')
    expect(csv).not.toContain('Thrall')
    expect(csv).not.toContain('Bônus')
  })
})
