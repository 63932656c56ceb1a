import { describe, expect, it } from 'vitest'
import { describeActivity } from '../../../contract/activity-description'
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_REQUESTS_PER_HOUR } from '../../../contract/imports'
import type { GuildEvent } from '../../platform/realtime'
import { expectError } from '../../test/expect-error'
import { anonymous, buildGuild, buildItem, buildMember, buildPlayer } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { historyTranslate } from '../history/history.i18n'
import { csv, guildRowCounts, preview, runImport, importedCounts } from './imports.test-support'

const ctx = await fileTestContext()

const roster = csv('jogadores.csv', ['Nome;Observações', 'Ana;Tanque', 'Bruno;'])

describe('limits', () => {
  it('files over 10 MB together: 413 IMPORT_FILE_TOO_LARGE, nothing written', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const before = await guildRowCounts(ctx, guild.id)
    const half = `Nome\r\n${'a'.repeat(IMPORT_MAX_BYTES / 2)}\r\n`
    for (const call of [preview, runImport]) {
      const { status, body } = await call(admin, [
        { name: 'a.csv', content: half },
        { name: 'b.csv', content: half },
      ])
      expect(status).toBe(413)
      expect(body.error!).toMatchObject({
        code: 'IMPORT_FILE_TOO_LARGE',
        message: expect.stringContaining('10 MB'),
      })
    }
    // A body far past the limit is refused while it arrives.
    const huge = await admin.request('POST', '/api/v1/guild/import', {
      files: [{ name: 'a.csv', content: 'x'.repeat(3 * IMPORT_MAX_BYTES) }],
    })
    await expectError(huge, 413, 'IMPORT_FILE_TOO_LARGE')
    expect(await guildRowCounts(ctx, guild.id)).toEqual(before)
  })

  it('exactly 10 MB passes the size check (the words are counted in UTF-8 bytes)', async () => {
    const { admin } = await buildGuild(ctx)
    const header = 'Nome\r\n'
    // "é" is two bytes: the file is 10 MB in bytes with fewer characters.
    const content = header + 'é'.repeat((IMPORT_MAX_BYTES - header.length) / 2)
    expect(Buffer.byteLength(content)).toBe(IMPORT_MAX_BYTES)
    const { status, body } = await preview(admin, [{ name: 'a.csv', content }])
    expect(status).toBe(200)
    expect(body.problems.map((p) => p.code)).toEqual(['tooLong'])
  })

  it('more than 50,000 rows: 413 IMPORT_TOO_MANY_ROWS', async () => {
    const { admin } = await buildGuild(ctx)
    const names = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `P${i}`)
    const { status, body } = await preview(admin, [csv('a.csv', ['Nome', ...names])])
    expect(status).toBe(413)
    expect(body.error?.code).toBe('IMPORT_TOO_MANY_ROWS')
  })

  it(`rate limited per guild: ${IMPORT_REQUESTS_PER_HOUR} previews and imports an hour, then 429`, async () => {
    const { admin } = await buildGuild(ctx)
    const other = await buildGuild(ctx)
    const empty = [csv('a.csv', ['Nome'])]
    const statuses: number[] = []
    for (let i = 0; i < IMPORT_REQUESTS_PER_HOUR; i++)
      statuses.push((await (i % 2 ? preview : runImport)(admin, empty)).status)
    expect(statuses).toEqual(Array(IMPORT_REQUESTS_PER_HOUR).fill(200))
    const refused = await admin.request('POST', '/api/v1/guild/import/preview', { files: empty })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await preview(other.admin, empty)).status).toBe(200)
  })
})

describe('who may import', () => {
  it('admins only: a member gets 403, nobody signed in 401', async () => {
    const { guild } = await buildGuild(ctx)
    const member = await buildMember(ctx, { guildId: guild.id })
    expect((await preview(member, [roster])).status).toBe(403)
    expect((await runImport(member, [roster])).status).toBe(403)
    const res = await anonymous(ctx)('POST', '/api/v1/guild/import', { files: [roster] })
    expect(res.status).toBe(401)
    expect((await guildRowCounts(ctx, guild.id)).players).toBe(0)
  })

  it("into the admin's own guild only: another guild's rows are neither matched nor touched", async () => {
    const mine = await buildGuild(ctx)
    const other = await buildGuild(ctx)
    await buildPlayer(ctx, other.guild.id, { name: 'Ana', notes: 'de outra guild' })
    const before = await guildRowCounts(ctx, other.guild.id)
    const { body } = await runImport(mine.admin, [roster])
    expect(body.counts.players).toEqual({ create: 2, existing: 0 })
    expect(await guildRowCounts(ctx, other.guild.id)).toEqual(before)
  })
})

describe('data already in the guild', () => {
  it('a player or item of the same name is kept as it is; queue entries go after the existing ones', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const ana = await buildPlayer(ctx, guild.id, { name: 'Ana', notes: 'original' })
    const sword = await buildItem(ctx, guild.id, { name: 'Espada', rarity: 'epic' })
    expect(
      (await admin.request('POST', `/api/v1/items/${sword.id}/queue`, { playerId: ana.id })).status,
    ).toBe(201)
    const files = [
      csv('itens.csv', ['Nome;Raridade', 'ESPADA;Comum']),
      csv('jogadores.csv', ['Nome;Observações;Fila: Espada', 'ana;outra nota;1', 'Bruno;;3', 'Caio;;2']),
    ]
    const counts = await importedCounts(admin, files)
    expect(counts).toMatchObject({
      players: { create: 2, existing: 1 },
      items: { create: 0, existing: 1 },
      queueEntries: { create: 2, existing: 1 },
    })
    const queue = await (await admin.request('GET', `/api/v1/items/${sword.id}/queue`)).json()
    expect(queue.entries.map((e: { playerName: string }) => e.playerName)).toEqual(['Ana', 'Caio', 'Bruno'])
    const players = (await (await admin.request('GET', '/api/v1/players')).json()).players
    expect(players.find((p: { name: string }) => p.name === 'Ana').notes).toBe('original')
    const items = await (await admin.request('GET', '/api/v1/items')).json()
    expect(items.items ?? items).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Espada', rarity: 'epic' })]),
    )
  })

  it('the undo of the last queue action goes: it would take the imported entries out again', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const ana = await buildPlayer(ctx, guild.id, { name: 'Ana' })
    const sword = await buildItem(ctx, guild.id, { name: 'Espada' })
    await admin.request('POST', `/api/v1/items/${sword.id}/queue`, { playerId: ana.id })
    await runImport(admin, [csv('jogadores.csv', ['Nome;Fila: Espada', 'Bruno;1'])])
    await expectError(
      await admin.request('POST', `/api/v1/items/${sword.id}/queue/undo`),
      409,
      'NOTHING_TO_UNDO',
    )
    const queue = await (await admin.request('GET', `/api/v1/items/${sword.id}/queue`)).json()
    expect(queue.entries.map((e: { playerName: string }) => e.playerName)).toEqual(['Ana', 'Bruno'])
  })

  it('files whose every row is in the guild already write nothing: no audit row, no event', async () => {
    const { guild, admin } = await buildGuild(ctx)
    await runImport(admin, [roster])
    const before = await guildRowCounts(ctx, guild.id)
    const events: GuildEvent[] = []
    const stop = ctx.deps.realtime.subscribe(guild.id, (e) => events.push(e))
    // Listening before the write, so its event cannot pass before the LISTEN.
    await ctx.deps.realtime.start()
    const { body } = await runImport(admin, [roster])
    expect(body.counts.players).toEqual({ create: 0, existing: 2 })
    // A write of the same guild afterwards proves the stream delivers: only its event arrives.
    await admin.request('POST', '/api/v1/players', { name: 'Zeca' })
    await expect.poll(() => events.map((e) => e.topic)).toEqual(['players'])
    stop()
    expect(await guildRowCounts(ctx, guild.id)).toEqual({
      ...before,
      players: before.players + 1,
      audit: before.audit + 1,
    })
  })
})

describe('an import', () => {
  it('is audited once, in words, and announced so open screens refresh', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const events: GuildEvent[] = []
    const stop = ctx.deps.realtime.subscribe(guild.id, (e) => events.push(e))
    // Listening before the write, so its event cannot pass before the LISTEN.
    await ctx.deps.realtime.start()
    const files = [
      csv('itens.csv', ['Nome', 'Espada']),
      csv('jogadores.csv', ['Nome;Fila: Espada', 'Ana;1', 'Bruno;2']),
      csv('historico.csv', ['Data;Item;Jogador', '2024-05-01 20:00;Espada;Ana']),
    ]
    expect((await runImport(admin, files)).status).toBe(200)
    await expect
      .poll(() => events.map((e) => e.topic).sort())
      .toEqual(['history', 'items', 'players', 'queues'])
    stop()
    const res = await admin.request('GET', '/api/v1/history/activity')
    const { rows } = await res.json()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      actionType: 'IMPORT_COMPLETED',
      description:
        'itens.csv, jogadores.csv, historico.csv · players 2 · items 1 · queueEntries 2 · history 1',
    })
    const inWords = (lang: 'pt' | 'en') =>
      describeActivity(rows[0].actionType, rows[0].description, historyTranslate(lang))
    expect(inWords('pt')).toBe(
      'itens.csv, jogadores.csv, historico.csv · 2 jogadores · 1 item · 2 posições em filas · 1 entrega no histórico',
    )
    expect(inWords('en')).toBe(
      'itens.csv, jogadores.csv, historico.csv · 2 players · 1 item · 2 queue places · 1 history receipt',
    )
  })

  it("is found by main's history search: receipts by item or player, case and accents aside; its row by file and label", async () => {
    const { admin } = await buildGuild(ctx)
    const files = [
      csv('itens.csv', ['Nome', 'Lâmina Élfica', 'Escudo']),
      csv('jogadores.csv', ['Nome', 'Joselito', 'Bruno']),
      csv('historico.csv', [
        'Data;Item;Jogador',
        '2024-05-01 20:00;Lâmina Élfica;Joselito',
        '2024-05-02 20:00;Escudo;Bruno',
      ]),
    ]
    expect((await runImport(admin, files)).status).toBe(200)
    const search = async (list: 'loot' | 'activity', text: string) => {
      const res = await admin.request('GET', `/api/v1/history/${list}?search=${encodeURIComponent(text)}`)
      expect(res.status).toBe(200)
      return (await res.json()).rows as { itemName?: string; actionType?: string }[]
    }
    // The folded columns are generated, so the import's rows are searchable like an award's.
    for (const text of ['LAMINA ELF', 'lâmina élfica', 'JOSÉ'])
      expect(
        (await search('loot', text)).map((r) => r.itemName),
        text,
      ).toEqual(['Lâmina Élfica'])
    expect((await search('activity', 'HISTÓRICO.csv')).map((r) => r.actionType)).toEqual(['IMPORT_COMPLETED'])
    expect((await search('activity', 'dados importados')).map((r) => r.actionType)).toEqual([
      'IMPORT_COMPLETED',
    ])
  })

  it('two at once with the same files add each row once', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const files = [csv('jogadores.csv', ['Nome', ...Array.from({ length: 200 }, (_, i) => `P${i}`)])]
    const results = await Promise.all([runImport(admin, files), runImport(admin, files)])
    expect(results.map((r) => r.status)).toEqual([200, 200])
    expect(results.map((r) => r.body.counts.players.create).sort()).toEqual([0, 200])
    expect((await guildRowCounts(ctx, guild.id)).players).toBe(200)
  })
})
