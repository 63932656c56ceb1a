import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { guilds, lootHistory } from '../../db/schema'
import { buildGuild, buildMember } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { seedAudit, seedLoot, seedManyLoot } from './history.test-support'

const ctx = await fileTestContext()

/** The guild's time zone, as the raid-night settings form sets it: every CSV's dates are on it. */
const setGuildZone = (guildId: string, timeZone: string) =>
  ctx.database.db.update(guilds).set({ timeZone }).where(eq(guilds.id, guildId))

/** RFC 4180 reader: what a spreadsheet sees. */
function parseCsv(text: string, delimiter: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"'
      i++
    } else if (quoted && ch === '"') {
      quoted = false
    } else if (quoted) {
      cell += ch
    } else if (ch === '"') {
      quoted = true
    } else if (ch === delimiter) {
      row.push(cell)
      cell = ''
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else {
      cell += ch
    }
  }
  return rows
}

async function download(actor: { request: (...a: any[]) => Promise<Response> }, path: string, lang = 'pt') {
  const res = await actor.request('GET', path, undefined, { 'accept-language': lang })
  expect(res.status, path).toBe(200)
  const bytes = new Uint8Array(await res.arrayBuffer())
  return { res, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) }
}

describe('loot history CSV', () => {
  it('is UTF-8 with a BOM, translated headers and accents intact', async () => {
    const { guild, admin } = await buildGuild(ctx, { name: 'Ordem da Fênix' })
    await seedLoot(ctx, guild.id, [
      {
        itemName: 'Lâmina Élfica',
        playerName: 'João Ñandú',
        itemRarity: 'legendary',
        itemType: 'Espada',
        previousQueuePosition: 2,
        distributedBy: admin.user.id,
        distributedAt: new Date('2024-02-10T23:30:00Z'),
      },
    ])
    // The reader's zone (`tz`, sent by pages loaded before) no longer moves the dates: the guild's does.
    const { res, bytes, text } = await download(admin, '/api/v1/history/loot.csv?tz=Asia%2FTokyo')
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="historico-distribuicao-ordem-da-f-nix-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const rows = parseCsv(text.slice(1), ';')
    expect(rows).toEqual([
      [
        'Data (America/Sao_Paulo)',
        'Item',
        'Raridade',
        'Tipo',
        'Jogador',
        'Posição anterior',
        'Distribuído por',
        'Observações',
        'Só oficiais',
      ],
      [
        '2024-02-10 20:30:00',
        'Lâmina Élfica',
        'Lendário',
        'Espada',
        'João Ñandú',
        '2',
        admin.user.name,
        '',
        '',
      ],
    ])

    const en = await download(admin, '/api/v1/history/loot.csv', 'en')
    expect(parseCsv(en.text.slice(1), ',')[1]).toEqual([
      '2024-02-10 20:30:00',
      'Lâmina Élfica',
      'Legendary',
      'Espada',
      'João Ñandú',
      '2',
      admin.user.name,
      '',
      '',
    ])
    expect(en.text.split('\r\n')[0]).toBe(
      '\uFEFFDate (America/Sao_Paulo),Item,Rarity,Type,Player,Previous position,Distributed by,Notes,Officers only',
    )
  })

  it('says which notes are for officers only (docs/decisions/019-public-visibility.md)', async () => {
    const { guild, admin } = await buildGuild(ctx)
    await seedLoot(ctx, guild.id, [{ itemName: 'Orbe', notes: 'Só oficiais sabem' }])
    await ctx.database.db
      .update(lootHistory)
      .set({ notesPrivate: true })
      .where(eq(lootHistory.guildId, guild.id))
    for (const [lang, delimiter, yes] of [
      ['pt', ';', 'sim'],
      ['en', ',', 'yes'],
    ] as const) {
      const { text } = await download(admin, '/api/v1/history/loot.csv', lang)
      expect(parseCsv(text.slice(1), delimiter)[1]!.slice(-2)).toEqual(['Só oficiais sabem', yes])
    }
  })

  it('quotes separators, quotes and line breaks, and defuses formulas', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const tricky = ['Arco; "o Longo"', 'Linha 1\nLinha 2', '=HYPERLINK("x")', 'Ação, com vírgula']
    await seedLoot(
      ctx,
      guild.id,
      tricky.map((itemName) => ({ itemName, notes: itemName })),
    )
    for (const [lang, delimiter] of [
      ['pt', ';'],
      ['en', ','],
    ] as const) {
      const { text } = await download(admin, '/api/v1/history/loot.csv', lang)
      const rows = parseCsv(text.slice(1), delimiter).slice(1)
      expect(rows.map((r) => r.length)).toEqual([9, 9, 9, 9])
      const names = rows.map((r) => r[1]).sort()
      expect(names).toEqual(
        ['Arco; "o Longo"', 'Ação, com vírgula', 'Linha 1\nLinha 2', `'=HYPERLINK("x")`].sort(),
      )
    }
  })

  it('exports what the filters select, and only the caller guild', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const other = await buildGuild(ctx)
    await seedLoot(ctx, guild.id, [
      { itemName: 'Orbe', playerName: 'Thrall', itemRarity: 'epic' },
      { itemName: 'Orbe', playerName: 'Jaina', itemRarity: 'rare' },
      { itemName: 'Elmo', playerName: 'Thrall', itemRarity: 'epic' },
    ])
    await seedLoot(ctx, other.guild.id, [{ itemName: 'Orbe', playerName: 'Intruso', itemRarity: 'epic' }])
    const { text } = await download(admin, '/api/v1/history/loot.csv?search=orbe&rarity=epic')
    const rows = parseCsv(text.slice(1), ';').slice(1)
    expect(rows.map((r) => [r[1], r[4]])).toEqual([['Orbe', 'Thrall']])
  })

  it('streams a large history completely, each row once', async () => {
    const { guild, admin } = await buildGuild(ctx)
    await seedManyLoot(ctx, guild.id, 4500)
    const { text } = await download(admin, '/api/v1/history/loot.csv', 'en')
    const rows = parseCsv(text.slice(1), ',').slice(1)
    expect(rows).toHaveLength(4500)
    expect(new Set(rows.map((r) => r[1])).size).toBe(4500)
  })
})

describe('activity log CSV', () => {
  it('names the author or the system, translates the action and says which were undone', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const officer = await buildMember(ctx, { guildId: guild.id, name: 'Íris Câmara' })
    await seedAudit(ctx, guild.id, [
      {
        userId: officer.user.id,
        actionType: 'ITEM_RECEIVED',
        tableName: 'player_queues',
        recordId: 'r-1',
        description: 'Cajado entregue a Zoë',
        note: 'Ganhou a rolagem; "bis" na próxima',
        createdAt: new Date('2024-03-01T10:00:00Z'),
        undoneAt: new Date('2024-03-01T10:05:00Z'),
      },
      {
        userId: null,
        actionType: 'SUBSCRIPTION_UPDATE',
        tableName: 'guilds',
        description: 'Assinatura ativada',
        createdAt: new Date('2024-03-02T10:00:00Z'),
      },
    ])
    const { text } = await download(admin, '/api/v1/history/activity.csv')
    expect(text.startsWith('\uFEFF')).toBe(true)
    expect(parseCsv(text.slice(1), ';')).toEqual([
      [
        'Data/Hora (America/Sao_Paulo)',
        'Usuário',
        'Ação',
        'Código da ação',
        'Descrição',
        'Tabela',
        'Registro',
        'Nota',
        'Só oficiais',
        'Desfeito',
      ],
      [
        '2024-03-02 07:00:00',
        'Sistema',
        'Assinatura atualizada',
        'SUBSCRIPTION_UPDATE',
        'Assinatura ativada',
        'guilds',
        '',
        '',
        '',
        '',
      ],
      [
        '2024-03-01 07:00:00',
        'Íris Câmara',
        'Item recebido',
        'ITEM_RECEIVED',
        'Cajado entregue a Zoë',
        'player_queues',
        'r-1',
        'Ganhou a rolagem; "bis" na próxima',
        '',
        'sim',
      ],
    ])
    const filtered = await download(admin, '/api/v1/history/activity.csv?search=zo%C3%AB', 'en')
    const rows = parseCsv(filtered.text.slice(1), ',')
    expect(rows[0]![0]).toBe('Date/Time (America/Sao_Paulo)')
    expect(rows.slice(1).map((r) => [r[1], r[2]])).toEqual([['Íris Câmara', 'Item received']])
  })
})

describe("every CSV's dates", () => {
  it("are on the guild's time zone, named in the date column, whoever downloads them", async () => {
    const { guild, admin } = await buildGuild(ctx)
    // Winter and summer in Berlin (+1, +2); Kolkata has no daylight saving (+5:30 all year).
    const winter = new Date('2024-02-10T23:30:00Z')
    const summer = new Date('2024-07-10T23:30:00Z')
    await seedLoot(ctx, guild.id, [
      { itemName: 'Arco', playerName: 'Ana', distributedAt: winter },
      { itemName: 'Arco', playerName: 'Bia', distributedAt: summer },
    ])
    await seedAudit(ctx, guild.id, [
      { actionType: 'PLAYER_CREATE', description: 'Ana', createdAt: winter },
      { actionType: 'PLAYER_CREATE', description: 'Bia', createdAt: summer },
    ])
    const datesOf = async (path: string, lang: 'pt' | 'en') => {
      const { text } = await download(admin, path, lang)
      const rows = parseCsv(text.slice(1), lang === 'pt' ? ';' : ',')
      return [rows[0]![0], ...rows.slice(1).map((r) => r[0])]
    }
    await setGuildZone(guild.id, 'Asia/Kolkata')
    expect(await datesOf('/api/v1/history/loot.csv?tz=America%2FNew_York', 'pt')).toEqual([
      'Data (Asia/Kolkata)',
      '2024-07-11 05:00:00',
      '2024-02-11 05:00:00',
    ])
    expect(await datesOf('/api/v1/history/activity.csv', 'en')).toEqual([
      'Date/Time (Asia/Kolkata)',
      '2024-07-11 05:00:00',
      '2024-02-11 05:00:00',
    ])
    await setGuildZone(guild.id, 'Europe/Berlin')
    expect(await datesOf('/api/v1/history/loot.csv', 'en')).toEqual([
      'Date (Europe/Berlin)',
      '2024-07-11 01:30:00',
      '2024-02-11 00:30:00',
    ])
    expect(await datesOf('/api/v1/history/activity.csv?tz=UTC', 'pt')).toEqual([
      'Data/Hora (Europe/Berlin)',
      '2024-07-11 01:30:00',
      '2024-02-11 00:30:00',
    ])
  })
})
