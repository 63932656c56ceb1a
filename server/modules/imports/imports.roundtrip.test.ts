import { and, eq, isNull, or } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLogs, guilds, lootHistory } from '../../db/schema'
import { type Actor, buildGuild, buildMember } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { csvLine } from '../history/history.csv'
import { buildRichGuild, preview, runImport, type TestFile, importedCounts } from './imports.test-support'

const ctx = await fileTestContext()

type Row = Record<string, unknown>
type Export = { guild: Row; ranks: Row[]; players: Row[]; items: Row[]; queues: Row[]; lootHistory: Row[] }

async function exportOf(admin: Actor): Promise<Export & Row> {
  const res = await admin.request('GET', '/api/v1/guild/export')
  expect(res.status).toBe(200)
  return res.json()
}

/**
 * What an import must carry over: every field but ids, the guild's id and the row's last update (the
 * import's date); links by the names of what they point at. A receipt's author is a user id, which names
 * nobody in another guild. Queues in item and position order (the export orders them by item id). Of the
 * guild's own fields, the settings an export brings back: "rank first", the public page's, the time zone
 * and the no-show rule.
 */
function content(data: Export) {
  const names = new Map<unknown, unknown>(
    [...data.ranks, ...data.players, ...data.items].map((r) => [r.id, r.name]),
  )
  const strip = ({ id, guildId, updatedAt, ...rest }: Row): Row => rest
  const rank = (id: unknown) => (id === null ? null : names.get(id))
  const { rankFirst, publicShowNotes, publicShowCounters, publicQueueMode, publicQueueFirst } = data.guild
  return {
    settings: { rankFirst, publicShowNotes, publicShowCounters, publicQueueMode, publicQueueFirst },
    showAttendance: data.guild.publicShowAttendance,
    nightSettings: { timeZone: data.guild.timeZone, noShowRule: data.guild.noShowRule },
    ranks: data.ranks.map(strip),
    players: data.players.map(({ rankId, ...rest }): Row => ({ rank: rank(rankId), ...strip(rest) })),
    items: data.items.map(({ minRankId, ...rest }): Row => ({ minRank: rank(minRankId), ...strip(rest) })),
    queues: data.queues
      .map(
        ({ itemId, playerId, ...rest }): Row => ({
          item: names.get(itemId),
          player: names.get(playerId),
          ...strip(rest),
        }),
      )
      .sort(
        (a, b) =>
          String(a.item).localeCompare(String(b.item)) || Number(a.queuePosition) - Number(b.queuePosition),
      ),
    lootHistory: data.lootHistory.map(
      ({ itemId, playerId, distributedBy, ...rest }): Row => ({
        item: itemId === null ? null : names.get(itemId),
        player: playerId === null ? null : names.get(playerId),
        ...strip(rest),
      }),
    ),
  }
}

/**
 * The rich guild with ranks (docs/decisions/018-ranks.md): players of each rank and none, an item with a minimum
 * rank, "rank first" on, and public page and raid-night settings that are not the defaults.
 */
async function richGuildWithRanks() {
  const a = await buildRichGuild(ctx)
  const call = async (method: string, path: string, body: unknown) => {
    const res = await a.admin.request(method, `/api/v1${path}`, body)
    expect(res.status, await res.clone().text()).toBeLessThan(300)
    return res.json()
  }
  const ranks = []
  for (const name of ['Raider', 'Trial', 'Social']) ranks.push(await call('POST', '/ranks', { name }))
  // Social above Trial: the levels are not the creation order.
  await call('PUT', '/rank-order', { rankIds: [ranks[0].id, ranks[2].id, ranks[1].id] })
  const players = (await call('GET', '/players', undefined)).players as { id: string; name: string }[]
  const idOf = (name: string) => players.find((p) => p.name === name)!.id
  await call('PUT', '/players-rank', { playerIds: [idOf('Ana'), idOf('Caio')], rankId: ranks[0].id })
  await call('PUT', '/players-rank', { playerIds: [idOf('Bruno')], rankId: ranks[1].id })
  await call('PUT', '/players-rank', { playerIds: [idOf('Éva')], rankId: ranks[2].id })
  await call('PATCH', `/items/${a.sword.id}`, { minRankId: ranks[0].id })
  await call('PUT', '/rank-first', { rankFirst: true })
  await call('PUT', '/guild/public-visibility', {
    showNotes: false,
    showCounters: false,
    queueMode: 'first',
    queueFirst: 3,
    showAttendance: false,
  })
  await call('PUT', '/raid-night-settings', { timeZone: 'Europe/Lisbon', noShowRule: 'absent' })
  return a
}

describe('the guild JSON export round trip', () => {
  it('export guild A, import into an empty guild B, export B: the same content', async () => {
    const a = await richGuildWithRanks()
    const exported = await exportOf(a.admin)
    expect(exported.queues.length).toBeGreaterThan(8)
    const b = await buildGuild(ctx)
    const file: TestFile = { name: 'guild-a.json', content: JSON.stringify(exported) }

    const check = await preview(b.admin, [file])
    expect(check.body.problems).toEqual([])
    expect(check.body.setsSettings).toBe(true)
    expect(check.body.setsNightSettings).toEqual({ timeZone: 'Europe/Lisbon', noShowRule: 'absent' })
    expect(check.body.leftOut).not.toContain('timeZone')
    const counts = await importedCounts(b.admin, [file])
    expect(counts).toEqual({
      ranks: { create: 3, existing: 0 },
      players: { create: exported.players.length, existing: 0 },
      items: { create: exported.items.length, existing: 0 },
      queueEntries: { create: exported.queues.length, existing: 0 },
      history: { create: exported.lootHistory.length, existing: 0 },
      // This guild has no raid nights (imports.raid-nights.test.ts brings some).
      raidNights: { create: 0, existing: 0 },
      attendance: { create: 0, existing: 0 },
    })

    const again = await exportOf(b.admin)
    expect(content(again)).toEqual(content(exported))
    // Not a trivial equality: the content holds what the actions made.
    const statuses = content(again).queues.map((q) => q.attendanceStatus)
    expect(new Set(statuses)).toEqual(new Set(['pending', 'received', 'absent', 'not_interested']))
    expect(content(again).lootHistory.some((h) => h.item === null)).toBe(true)
    // Officers-only notes keep their flag (docs/decisions/019-public-visibility.md).
    expect(content(again).lootHistory.filter((h) => h.notesPrivate)).toEqual([
      expect.objectContaining({ notes: 'Decidido pelos oficiais', player: 'Bruno' }),
    ])
    expect(content(again).queues.filter((q) => q.penaltyNotePrivate)).toEqual([
      expect.objectContaining({ penaltyNote: 'Conversa com a liderança', player: 'Ana', item: 'Escudo' }),
    ])
    expect(content(again).ranks.map((r) => [r.name, r.level])).toEqual([
      ['Raider', 0],
      ['Social', 1],
      ['Trial', 2],
    ])
    expect(
      content(again)
        .players.filter((p) => p.rank !== null)
        .map((p) => [p.name, p.rank]),
    ).toEqual([
      ['Ana', 'Raider'],
      ['Bruno', 'Trial'],
      ['Caio', 'Raider'],
      ['Éva', 'Social'],
    ])
    expect(content(again).items.find((i) => i.name === 'Espada')?.minRank).toBe('Raider')
    expect(content(again).settings).toEqual({
      rankFirst: true,
      publicShowNotes: false,
      publicShowCounters: false,
      publicQueueMode: 'first',
      publicQueueFirst: 3,
    })
    expect(content(again).showAttendance).toBe(false)
    // The nights' clock and the no-show rule, logged as the raid-night settings form logs them.
    expect(content(again).nightSettings).toEqual({ timeZone: 'Europe/Lisbon', noShowRule: 'absent' })
    expect((await activity(b.guild.id)).filter((r) => r.actionType === 'RAID_NIGHT_SETTINGS_UPDATE')).toEqual(
      [
        {
          actionType: 'RAID_NIGHT_SETTINGS_UPDATE',
          description: 'timeZone: Europe/Lisbon · noShowRule: absent',
        },
      ],
    )
  })

  it('reads a flag that is not a boolean as a problem, and a flag without a note as none', async () => {
    const a = await buildRichGuild(ctx)
    const exported = await exportOf(a.admin)
    const bad = structuredClone(exported)
    bad.lootHistory.find((h) => h.notesPrivate)!.notesPrivate = 'yes'
    const b = await buildGuild(ctx)
    const check = await preview(b.admin, [{ name: 'bad.json', content: JSON.stringify(bad) }])
    expect(check.body.problems).toEqual([
      expect.objectContaining({ section: 'lootHistory', field: 'notesPrivate' }),
    ])
    const noNote = structuredClone(exported)
    const receipt = noNote.lootHistory.find((h) => h.notesPrivate)!
    receipt.notes = null
    expect((await runImport(b.admin, [{ name: 'a.json', content: JSON.stringify(noNote) }])).status).toBe(200)
    const imported = (await exportOf(b.admin)).lootHistory.filter((h) => h.playerName === 'Bruno')
    expect(imported.map((h) => [h.notes, h.notesPrivate])).toContainEqual([null, false])
    expect(imported.some((h) => h.notesPrivate)).toBe(false)
  })

  it('keeps the ranks a guild has (by name) and puts the new ones below them; a rank the file lacks is a problem', async () => {
    const a = await richGuildWithRanks()
    const exported = await exportOf(a.admin)
    const b = await buildGuild(ctx)
    const own = await b.admin.request('POST', '/api/v1/ranks', { name: 'raider' })
    expect(own.status).toBe(201)
    const counts = await importedCounts(b.admin, [{ name: 'a.json', content: JSON.stringify(exported) }])
    expect(counts.ranks).toEqual({ create: 2, existing: 1 })
    const again = content(await exportOf(b.admin))
    expect(again.ranks.map((r) => [r.name, r.level])).toEqual([
      ['raider', 0],
      ['Social', 1],
      ['Trial', 2],
    ])
    expect(again.players.find((p) => p.name === 'Ana')?.rank).toBe('raider')

    const broken = { ...exported, ranks: exported.ranks.slice(1) }
    const c = await buildGuild(ctx)
    const { body } = await preview(c.admin, [{ name: 'b.json', content: JSON.stringify(broken) }])
    expect(body.problems.map((p) => [p.code, p.field])).toEqual(
      expect.arrayContaining([
        ['unknownRank', expect.any(String)],
        ['unknownRank', expect.any(String)],
      ]),
    )
  })

  it('a second import of the same file adds nothing: every row is found in the guild', async () => {
    const a = await buildRichGuild(ctx)
    const file: TestFile = { name: 'guild-a.json', content: JSON.stringify(await exportOf(a.admin)) }
    const b = await buildGuild(ctx)
    expect((await runImport(b.admin, [file])).status).toBe(200)
    const before = content(await exportOf(b.admin))
    const counts = await importedCounts(b.admin, [file])
    expect(Object.values(counts).map((c) => c.create)).toEqual([0, 0, 0, 0, 0, 0, 0])
    expect(counts.players.existing).toBeGreaterThan(0)
    expect(content(await exportOf(b.admin))).toEqual(before)
  })

  // Two officers awarding one item to one player in the same second make two receipts of one key: the
  // export holds both and must import back, once (a second import finds both).
  it('imports two receipts of one item by one player in one second, and a second import adds neither', async () => {
    ctx.setNow(new Date(Date.now() - 60_000))
    const a = await buildGuild(ctx)
    const ok = async (method: string, path: string, body?: unknown) => {
      const res = await a.admin.request(method, `/api/v1${path}`, body)
      expect(res.status, await res.clone().text()).toBeLessThan(300)
      return res.json()
    }
    const player = await ok('POST', '/players', { name: 'Ana' })
    const item = await ok('POST', '/items', { name: 'Espada', rarity: 'rare' })
    await ok('POST', `/items/${item.id}/queue`, { playerId: player.id })
    const { entries } = await ok('GET', `/items/${item.id}/queue`)
    await ok('POST', `/queue-entries/${entries[0].id}/received`)
    await ok('POST', `/queue-entries/${entries[0].id}/received`)
    const exported = await exportOf(a.admin)
    expect(exported.lootHistory).toHaveLength(2)
    const file: TestFile = { name: 'guild-a.json', content: JSON.stringify(exported) }
    const b = await buildGuild(ctx)
    expect((await preview(b.admin, [file])).body.problems).toEqual([])
    expect((await importedCounts(b.admin, [file])).history).toEqual({ create: 2, existing: 0 })
    expect((await exportOf(b.admin)).lootHistory).toHaveLength(2)
    expect((await importedCounts(b.admin, [file])).history).toEqual({ create: 0, existing: 2 })
  })

  // JSON is UTF-8 by definition: a U+FFFD in our own export is the guild's text, not a file read wrongly.
  it('imports an export whose names hold U+FFFD, and keeps the character', async () => {
    const a = await buildGuild(ctx)
    const made = await a.admin.request('POST', '/api/v1/players', { name: 'Replacement \ufffd char' })
    expect(made.status).toBe(201)
    const file: TestFile = { name: 'guild-a.json', content: JSON.stringify(await exportOf(a.admin)) }
    const b = await buildGuild(ctx)
    expect((await preview(b.admin, [file])).body.problems).toEqual([])
    expect((await runImport(b.admin, [file])).status).toBe(200)
    expect((await exportOf(b.admin)).players.map((p) => p.name)).toEqual(['Replacement \ufffd char'])
  })
})

/** The actions of a guild's activity log, oldest first. */
async function activity(guildId: string) {
  const rows = await ctx.database.db
    .select({ actionType: auditLogs.actionType, description: auditLogs.description })
    .from(auditLogs)
    .where(eq(auditLogs.guildId, guildId))
    // One import writes its rows at one instant: in the order they were written (audit_logs.seq).
    .orderBy(auditLogs.createdAt, auditLogs.seq)
  return rows
}

async function rulesOf(admin: Actor) {
  const res = await admin.request('GET', '/api/v1/public-rules')
  expect(res.status).toBe(200)
  return ((await res.json()) as { publicRules: string | null }).publicRules
}

async function setRules(admin: Actor, publicRules: string | null) {
  const res = await admin.request('PUT', '/api/v1/public-rules', { publicRules })
  expect(res.status, await res.clone().text()).toBe(200)
}

// The export carries the guild's public rules and more the import does not take (docs/decisions/012):
// the rules come across into a guild that has none, never over the guild's own, and the preview says so,
// and says in one list what stays behind.
describe("a guild export's public rules and what stays behind", () => {
  const RULES =
    'Regras da guild:\n1. Quem falta sem avisar perde a vez.\n2. Sem "need" em item de outra classe.'

  it('takes the rules into a guild with none, logged RULES_UPDATED in the same import; the preview says so and lists what it leaves', async () => {
    const a = await buildRichGuild(ctx)
    await setRules(a.admin, RULES)
    const exported = await exportOf(a.admin)
    expect((exported.auditLog as Row[]).length).toBeGreaterThan(10)
    const file: TestFile = { name: 'guild-a.json', content: JSON.stringify(exported) }
    const b = await buildGuild(ctx)
    expect(await rulesOf(b.admin)).toBeNull()

    const check = await preview(b.admin, [file])
    expect(check.body.problems).toEqual([])
    expect(check.body.publicRules).toBe('imported')
    // Only what the file holds: guild A has no invitation, integration or access log row.
    expect(check.body.leftOut).toEqual([
      'auditLog',
      'members',
      'guildName',
      'publicPassword',
      'subscription',
      'distributors',
    ])
    // The preview wrote nothing.
    expect(await rulesOf(b.admin)).toBeNull()

    expect((await runImport(b.admin, [file])).status).toBe(200)
    expect(await rulesOf(b.admin)).toBe(RULES)
    expect((await activity(b.guild.id)).map((r) => r.actionType)).toEqual([
      'RULES_UPDATED',
      'IMPORT_COMPLETED',
    ])
    expect((await activity(b.guild.id))[0]!.description).toContain('Regras da guild: 1. Quem falta')

    // A second import finds the same rules: nothing to say, nothing written.
    const again = await preview(b.admin, [file])
    expect(again.body.publicRules).toBeNull()
    expect((await runImport(b.admin, [file])).status).toBe(200)
    expect((await activity(b.guild.id)).filter((r) => r.actionType === 'RULES_UPDATED')).toHaveLength(1)
  })

  it("keeps the guild's own rules: the preview says they win, and the import leaves them", async () => {
    const a = await buildRichGuild(ctx)
    await setRules(a.admin, RULES)
    const file: TestFile = { name: 'guild-a.json', content: JSON.stringify(await exportOf(a.admin)) }
    const b = await buildGuild(ctx)
    await setRules(b.admin, 'Nossas regras')

    expect((await preview(b.admin, [file])).body.publicRules).toBe('kept')
    expect((await runImport(b.admin, [file])).status).toBe(200)
    expect(await rulesOf(b.admin)).toBe('Nossas regras')
    expect((await activity(b.guild.id)).map((r) => r.actionType)).toEqual([
      'RULES_UPDATED',
      'IMPORT_COMPLETED',
    ])
  })

  it('an export with rules and nothing else sets them; one without rules sets none', async () => {
    const b = await buildGuild(ctx)
    const only = (guild: Row): TestFile => ({
      name: 'g.json',
      content: JSON.stringify({ format: 'lootqueue-guild-export/1', guild }),
    })
    const none = await preview(b.admin, [only({ publicRules: null })])
    expect(none.body.publicRules).toBeNull()
    expect(none.body.leftOut).toEqual([])
    expect((await runImport(b.admin, [only({ publicRules: '  Só isto  ' })])).status).toBe(200)
    expect(await rulesOf(b.admin)).toBe('Só isto')
    expect((await activity(b.guild.id)).map((r) => r.actionType)).toEqual([
      'RULES_UPDATED',
      'IMPORT_COMPLETED',
    ])
  })

  it('rules the rules form would refuse are a problem of the file: 422, nothing written', async () => {
    const b = await buildGuild(ctx)
    const bad = (publicRules: unknown): TestFile => ({
      name: 'g.json',
      content: JSON.stringify({ format: 'lootqueue-guild-export/1', guild: { publicRules } }),
    })
    for (const [value, code] of [
      ['x'.repeat(5001), 'tooLong'],
      [42, 'invalidRecord'],
      ['a\u0007b', 'controlCharacters'],
    ] as const) {
      const { body } = await preview(b.admin, [bad(value)])
      expect(body.problems).toEqual([
        expect.objectContaining({
          code,
          field: 'publicRules',
          message: expect.stringContaining('regras da guild'),
        }),
      ])
      const res = await runImport(b.admin, [bad(value)])
      expect(res.status).toBe(422)
      expect(res.body.error.code).toBe('IMPORT_HAS_PROBLEMS')
    }
    const [row] = await ctx.database.db
      .select({ r: guilds.publicRules })
      .from(guilds)
      .where(eq(guilds.id, b.guild.id))
    expect(row!.r).toBeNull()
    expect(await activity(b.guild.id)).toEqual([])
  })
})

async function nightSettingsOf(admin: Actor) {
  const res = await admin.request('GET', '/api/v1/raid-night-settings')
  expect(res.status).toBe(200)
  return res.json()
}

/** An export holding the guild object alone, as a hand-written or older file would. */
const guildOnly = (guild: Row): TestFile => ({
  name: 'g.json',
  content: JSON.stringify({ format: 'lootqueue-guild-export/1', guild }),
})

// The time zone decides how the imported nights are typed and read, the no-show rule whether a no-show keeps
// their place when an award passes them (docs/decisions/016-raid-nights.md): they come across as "rank first"
// does, held to the raid-night settings form's checks (the round trip above brings them into a new guild).
describe("a guild export's time zone and no-show rule", () => {
  it('an export without them (an older file) leaves the guild’s; one with the guild’s own says and writes nothing', async () => {
    // An export of before they were written: another guild's, "rank first" on, the two fields taken out.
    const a = await buildGuild(ctx)
    expect((await a.admin.request('PUT', '/api/v1/rank-first', { rankFirst: true })).status).toBe(200)
    const { timeZone, noShowRule, ...older } = (await exportOf(a.admin)).guild
    expect([timeZone, noShowRule]).toEqual(['America/Sao_Paulo', 'keep'])
    const b = await buildGuild(ctx)
    const own = { timeZone: 'Europe/Berlin', noShowRule: 'absent' }
    expect((await b.admin.request('PUT', '/api/v1/raid-night-settings', own)).status).toBe(200)
    for (const guild of [older, own]) {
      const check = await preview(b.admin, [guildOnly(guild)])
      expect(check.body.problems).toEqual([])
      expect(check.body.setsNightSettings).toBeNull()
      expect((await runImport(b.admin, [guildOnly(guild)])).status).toBe(200)
      expect(await nightSettingsOf(b.admin)).toEqual(own)
    }
    // The older file's "rank first" came across; the settings form's row is the only one of its kind.
    expect((await activity(b.guild.id)).map((r) => r.actionType)).toEqual([
      'RAID_NIGHT_SETTINGS_UPDATE',
      'IMPORT_COMPLETED',
    ])
  })

  it('changes only what differs, names only that in the audit row, and stores a zone as the form does', async () => {
    const b = await buildGuild(ctx)
    const file = guildOnly({ timeZone: 'america/sao_paulo', noShowRule: 'absent' })
    expect((await preview(b.admin, [file])).body.setsNightSettings).toEqual({
      timeZone: 'America/Sao_Paulo',
      noShowRule: 'absent',
    })
    expect((await runImport(b.admin, [file])).status).toBe(200)
    expect(await nightSettingsOf(b.admin)).toEqual({ timeZone: 'America/Sao_Paulo', noShowRule: 'absent' })
    expect(await activity(b.guild.id)).toEqual([
      { actionType: 'RAID_NIGHT_SETTINGS_UPDATE', description: 'noShowRule: absent' },
      { actionType: 'IMPORT_COMPLETED', description: 'g.json' },
    ])
    // The same file again: nothing left to change, nothing written.
    expect((await preview(b.admin, [file])).body.setsNightSettings).toBeNull()
    expect((await runImport(b.admin, [file])).status).toBe(200)
    expect(await activity(b.guild.id)).toHaveLength(2)
  })

  it('a zone that is no IANA zone, or an unknown rule, is a problem of the file: 422, nothing written', async () => {
    const b = await buildGuild(ctx)
    const before = await nightSettingsOf(b.admin)
    for (const [guild, code, message] of [
      [
        { timeZone: 'Mars/Olympus', noShowRule: 'absent' },
        'invalidTimeZone',
        'Fuso horário desconhecido: "Mars/Olympus"',
      ],
      [{ timeZone: 42 }, 'invalidTimeZone', 'Fuso horário desconhecido: "42"'],
      [
        { timeZone: 'Europe/Lisbon', noShowRule: 'kick' },
        'unknownNoShowRule',
        'sem avisar: "kick" (keep ou absent)',
      ],
    ] as const) {
      const { body } = await preview(b.admin, [guildOnly(guild)])
      expect(body.problems).toEqual([
        expect.objectContaining({ code, section: null, message: expect.stringContaining(message) }),
      ])
      const res = await runImport(b.admin, [guildOnly(guild)])
      expect([res.status, res.body.error.code]).toEqual([422, 'IMPORT_HAS_PROBLEMS'])
    }
    const english = await b.admin.request(
      'POST',
      '/api/v1/guild/import/preview',
      { files: [guildOnly({ noShowRule: 'kick' })] },
      { 'accept-language': 'en' },
    )
    expect((await english.json()).problems[0].message).toBe('Unknown no-show rule: "kick" (keep or absent).')
    expect(await nightSettingsOf(b.admin)).toEqual(before)
    expect(await activity(b.guild.id)).toEqual([])
  })
})

/** Guild A with receipts that name only players and items still in it (a CSV row points by name). */
async function guildWithCsvHistory() {
  const a = await buildRichGuild(ctx)
  const byGuild = eq(lootHistory.guildId, a.guild.id)
  await ctx.database.db
    .delete(lootHistory)
    .where(and(byGuild, or(isNull(lootHistory.itemId), isNull(lootHistory.playerId))))
  const [ana] = (await exportOf(a.admin)).players.filter((p) => p.name === 'Ana')
  await ctx.database.db.insert(lootHistory).values({
    guildId: a.guild.id,
    itemId: a.sword.id,
    playerId: ana!.id as string,
    itemName: 'Espada',
    itemRarity: 'legendary',
    itemType: 'Arma',
    playerName: 'Ana',
    notes: '=SOMA(1;2) "citado"\nsegunda, linha; fim',
    previousQueuePosition: 4,
    distributedAt: new Date('2024-03-10T23:59:58.250Z'),
  })
  return a
}

/** The roster and the items of an export as CSV files our own writer would produce. */
function rosterFiles(data: Export, delimiter: ';' | ','): TestFile[] {
  const lines = (rows: (string | null)[][]) => `\uFEFF${rows.map((r) => csvLine(r, delimiter)).join('')}`
  return [
    {
      name: 'players.csv',
      content: lines([
        ['Name', 'Notes', 'Status'],
        ...data.players.map((p) => [p.name, p.notes, p.playerStatus] as (string | null)[]),
      ]),
    },
    {
      name: 'items.csv',
      content: lines([
        ['Name', 'Description', 'Rarity', 'Type', 'Public'],
        ...data.items.map(
          (i) =>
            [i.name, i.description, i.rarity, i.itemType, i.isPublicVisible ? 'yes' : 'no'] as (
              | string
              | null
            )[],
        ),
      ]),
    },
  ]
}

describe('the loot history CSV round trip', () => {
  it.each([
    ['pt', ';'],
    ['en', ','],
  ] as const)(
    '%s: the history CSV of guild A, imported into guild B, exports as the same file',
    async (lang, delimiter) => {
      const a = await guildWithCsvHistory()
      const headers = { 'accept-language': lang }
      const tz = 'America/Sao_Paulo'
      const csvOf = async (admin: Actor) => {
        const res = await admin.request('GET', `/api/v1/history/loot.csv?tz=${tz}`, undefined, headers)
        expect(res.status).toBe(200)
        return res.text()
      }
      const exportedCsv = await csvOf(a.admin)
      expect(exportedCsv.split('\r\n').length).toBeGreaterThan(4)
      // The dates are on guild A's clock, which the date column names: the import reads them on it.
      expect(exportedCsv).toContain(
        delimiter === ';' ? 'Data (America/Sao_Paulo);Item;Raridade' : 'Date (America/Sao_Paulo),Item,Rarity',
      )

      const b = await buildGuild(ctx)
      // The member who handed the loot out is a member of B too, under the same name.
      await buildMember(ctx, { guildId: b.guild.id, name: a.admin.user.name })
      const files = [
        ...rosterFiles(await exportOf(a.admin), delimiter),
        { name: 'loot.csv', content: exportedCsv },
      ]
      const res = await b.admin.request('POST', '/api/v1/guild/import', { files, timeZone: tz }, headers)
      const body = await res.json()
      expect(res.status, JSON.stringify(body)).toBe(200)
      expect(body.counts.history.create).toBe(3)
      expect(await csvOf(b.admin)).toBe(exportedCsv)
      // Stored as A stores them, not only written alike: the apostrophe our export puts before a formula goes.
      const stored = async (admin: Actor) => {
        const data = content(await exportOf(admin))
        const notes = data.lootHistory.map((h) => h.notes)
        return {
          players: data.players.map((p) => p.name),
          notes,
          private: data.lootHistory.map((h) => h.notesPrivate),
        }
      }
      expect(await stored(b.admin)).toEqual(await stored(a.admin))
      expect((await stored(b.admin)).notes).toContain('=SOMA(1;2) "citado"\nsegunda, linha; fim')
      // The officers-only note of guild A's receipts went through the file as one (its own column).
      expect((await stored(b.admin)).private.filter(Boolean)).toHaveLength(1)
    },
  )

  it("reads the dates on the zone the date column names, whatever the importer's clock", async () => {
    const a = await guildWithCsvHistory()
    // Kolkata: +5:30, no daylight saving; the importer's browser is in New York (-5 in March).
    await ctx.database.db.update(guilds).set({ timeZone: 'Asia/Kolkata' }).where(eq(guilds.id, a.guild.id))
    const exported = await (await a.admin.request('GET', '/api/v1/history/loot.csv')).text()
    expect(exported).toContain('\r\n2024-03-11 05:29:58;Espada;')
    const b = await buildGuild(ctx)
    const files = [...rosterFiles(await exportOf(a.admin), ';'), { name: 'loot.csv', content: exported }]
    const res = await b.admin.request('POST', '/api/v1/guild/import', { files, timeZone: 'America/New_York' })
    expect(res.status, await res.clone().text()).toBe(200)
    const instants = async (guildId: string) =>
      (
        await ctx.database.db
          .select({ at: lootHistory.distributedAt })
          .from(lootHistory)
          .where(eq(lootHistory.guildId, guildId))
      )
        .map((r) => Math.floor(r.at.getTime() / 1000))
        .toSorted()
    expect(await instants(b.guild.id)).toEqual(await instants(a.guild.id))
  })

  it('names a distributor who is no member of the guild in the preview, and stores the receipt without one', async () => {
    const a = await guildWithCsvHistory()
    const res = await a.admin.request('GET', '/api/v1/history/loot.csv')
    const b = await buildGuild(ctx)
    const files = [
      ...rosterFiles(await exportOf(a.admin), ','),
      { name: 'loot.csv', content: await res.text() },
    ]
    const { body } = await preview(b.admin, files)
    expect(body.problems).toEqual([])
    expect(body.unknownDistributors).toEqual([a.admin.user.name])
  })
})
