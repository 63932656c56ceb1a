import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ITEM_NAME_MAX, ITEM_TYPE_MAX } from '../../contract/items'
import { PLAYER_NAME_MAX, PLAYER_NOTES_MAX } from '../../contract/players'
import { QUEUE_NOTE_MAX } from '../../contract/queue-limits'
import { RAID_NIGHT_DESCRIPTION_MAX } from '../../contract/raid-nights'
import { MAX_RANKS } from '../../contract/ranks'
import { guilds, players, user } from '../db/schema'
import { anonymous, buildGuild } from './factories'
import { fileTestContext } from './harness'

// The cases of issue 12, by name (the OpenAPI fuzz test, openapi-fuzz.test.ts, tries every operation).

const ctx = await fileTestContext()

type ErrorBody = {
  error: { code: string; fields?: Record<string, string>; limits?: Record<string, { max: number }> }
}
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error

describe('control characters in text', () => {
  it('refuses NUL, other C0 controls, DEL and C1 controls in any text with VALIDATION_FAILED, storing nothing', async () => {
    const { guild, admin } = await buildGuild(ctx)
    for (const bad of ['\u0000', '\u0007', '\u001b[31m', '\r', '\u007f', '\u0085', '\u009b']) {
      const res = await admin.request('POST', '/api/v1/players', { name: `Ana${bad}`, notes: 'ok' })
      expect(res.status, JSON.stringify(bad)).toBe(400)
      expect(await errorOf(res)).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { name: 'controlCharacters' },
      })
    }
    const notes = await admin.request('POST', '/api/v1/players', { name: 'Ana', notes: 'a\u0000b' })
    expect((await errorOf(notes)).fields).toEqual({ notes: 'controlCharacters' })
    const stored = await ctx.database.db.select().from(players).where(eq(players.guildId, guild.id))
    expect(stored).toEqual([])
  })

  // A lone surrogate was stored as U+FFFD: "A\uD800" passed the name check beside "A\uFFFD" and then
  // collided in the database (a 500 for ranks, two players of one stored name otherwise).
  it('refuses a lone surrogate in any text and keeps whole emoji, storing nothing refused', async () => {
    const { guild, admin } = await buildGuild(ctx)
    const replaced = await admin.request('POST', '/api/v1/ranks', { name: 'Raider\ufffd' })
    expect(replaced.status).toBe(201)
    for (const bad of ['\ud800', '\udbff', '\udc00', 'x\ud83d']) {
      for (const path of ['/api/v1/ranks', '/api/v1/players', '/api/v1/items']) {
        const res = await admin.request('POST', path, { name: `Raider${bad}`, rarity: 'rare' })
        expect(res.status, `${path} ${JSON.stringify(bad)}`).toBe(400)
        expect(await errorOf(res)).toMatchObject({
          code: 'VALIDATION_FAILED',
          fields: { name: 'controlCharacters' },
        })
      }
    }
    const emoji = await admin.request('POST', '/api/v1/players', { name: 'Raider 🛡️😀' })
    expect(emoji.status).toBe(201)
    const stored = await ctx.database.db.select().from(players).where(eq(players.guildId, guild.id))
    expect(stored.map((p) => p.name)).toEqual(['Raider 🛡️😀'])
  })

  it('keeps tab and newline in free text, turns Windows line ends into newlines, and keeps a name on one line', async () => {
    const { admin } = await buildGuild(ctx)
    const res = await admin.request('POST', '/api/v1/players', {
      name: 'Ana\tB\r\nC',
      notes: 'one\r\ntwo\nthree\tfour',
    })
    expect(res.status).toBe(201)
    // A name's whitespace runs are one space each (contract/common.ts nameText).
    expect(await res.json()).toMatchObject({ name: 'Ana B C', notes: 'one\ntwo\nthree\tfour' })
  })

  it('refuses a NUL in sign-up, guild, penalty note, public rules and public password, changing nothing', async () => {
    const { guild, admin } = await buildGuild(ctx, { name: 'Hostile Guild' })
    const signup = await anonymous(ctx)('POST', '/api/v1/accounts/signup', {
      email: 'nul@example.com',
      password: 'a-long-password',
      confirmPassword: 'a-long-password',
      displayName: 'Nul\u0000',
      guildName: 'Nul Guild',
      guildPassword: 'raid\u0000night',
    })
    expect(await errorOf(signup)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { displayName: 'controlCharacters', guildPassword: 'controlCharacters' },
    })
    expect(await ctx.database.db.select().from(user).where(eq(user.email, 'nul@example.com'))).toEqual([])

    const rename = await admin.request('PATCH', '/api/v1/guild', { name: 'x\u0000' })
    expect(await errorOf(rename)).toMatchObject({ fields: { name: 'controlCharacters' } })
    const rules = await admin.request('PUT', '/api/v1/public-rules', { publicRules: 'be kind\u0000' })
    expect(rules.status).toBe(400)
    const [row] = await ctx.database.db.select().from(guilds).where(eq(guilds.id, guild.id))
    expect(row).toMatchObject({ name: 'Hostile Guild', publicRules: null })

    const access = await anonymous(ctx)('POST', `/api/v1/public/guilds/${guild.slug}/access`, {
      password: 'raid\u0000',
    })
    expect(await errorOf(access)).toMatchObject({ code: 'VALIDATION_FAILED' })

    const search = await admin.request('GET', '/api/v1/history/loot?search=%00')
    expect(await errorOf(search)).toMatchObject({ fields: { search: 'controlCharacters' } })
  })
})

describe('path and query parameters', () => {
  it('answers a slug slugify cannot produce with GUILD_NOT_FOUND, on every public route', async () => {
    const anyone = anonymous(ctx)
    for (const path of [
      '/api/v1/public/guilds/Capital',
      '/api/v1/public/guilds/Capital/view',
      `/api/v1/public/guilds/a_b/items/${crypto.randomUUID()}/queue`,
      `/api/v1/public/guilds/${'a'.repeat(201)}`,
    ]) {
      const res = await anyone('GET', path)
      expect(res.status, path).toBe(404)
      expect((await errorOf(res)).code, path).toBe('GUILD_NOT_FOUND')
    }
    const access = await anyone('POST', '/api/v1/public/guilds/Capital/access', { password: 'x' })
    expect(access.status).toBe(404)
  })

  it('answers any API path holding a control character with 404, before a route sees it', async () => {
    const { admin } = await buildGuild(ctx)
    for (const path of [
      '/api/v1/public/guilds/%00',
      '/api/v1/public/guilds/a%0Ab/view',
      '/api/v1/players/%00',
      '/api/v1/billing/sandbox/sessions/%00',
      '/api/v1/invitations/lookup/%C2%85',
    ]) {
      const res = await admin.request('GET', path)
      expect(res.status, path).toBe(404)
      expect((await errorOf(res)).code, path).toBe('NOT_FOUND')
    }
  })

  it('range-checks the instant of the items summary: year 0 or 1999 is 400, today is 200', async () => {
    const { admin } = await buildGuild(ctx)
    for (const bad of [
      '0000-01-01T00:00:00Z',
      '1999-12-31T23:59:59Z',
      '2024-01-01T00:00:00+99:99',
      'tomorrow',
    ]) {
      const res = await admin.request('GET', `/api/v1/items-summary?todayStart=${encodeURIComponent(bad)}`)
      expect(res.status, bad).toBe(400)
      expect((await errorOf(res)).fields, bad).toHaveProperty('todayStart')
    }
    const ok = await admin.request(
      'GET',
      `/api/v1/items-summary?todayStart=${encodeURIComponent('2026-03-01T00:00:00-03:00')}`,
    )
    expect(ok.status).toBe(200)
  })
})

// zod's own checks said English sentences as field messages ("Invalid input: expected string, received
// number"), whatever language was asked: every refused field is named by a code (server/lib/field-codes.ts).
describe('refused fields', () => {
  it("are named by codes, never by a validator's sentence", async () => {
    const { admin } = await buildGuild(ctx)
    const cases: [string, string, unknown, Record<string, string>][] = [
      [
        'POST',
        '/api/v1/players',
        { name: 5, rankId: 'nope' },
        { name: 'invalidType', rankId: 'invalidFormat' },
      ],
      ['POST', '/api/v1/players', { notes: 'x' }, { name: 'required' }],
      ['POST', '/api/v1/items', { name: 'Elmo', rarity: 'mythic' }, { rarity: 'invalid' }],
      ['POST', '/api/v1/players', { name: 'A'.repeat(500) }, { name: 'tooLong' }],
      [
        'PUT',
        '/api/v1/raid-night-settings',
        { timeZone: 'UTC', noShowRule: 'never' },
        { noShowRule: 'invalidValue' },
      ],
    ]
    for (const [method, path, body, fields] of cases) {
      const res = await admin.request(method, path, body, { 'accept-language': 'pt-BR' })
      expect(res.status, path).toBe(400)
      expect((await errorOf(res)).fields, JSON.stringify(body)).toEqual(fields)
    }
  })

  // "Texto longo demais." said nothing of how much to cut: a field refused as too long (too many) carries
  // the most it takes, the contract's own maximum; a field refused for anything else carries none.
  it('too long or too many say their limit, from the contract', async () => {
    const { admin } = await buildGuild(ctx)
    const over = (max: number) => 'x'.repeat(max + 1)
    const cases: [string, string, unknown, Record<string, string>, ErrorBody['error']['limits']][] = [
      [
        'POST',
        '/api/v1/players',
        { name: over(PLAYER_NAME_MAX), notes: over(PLAYER_NOTES_MAX), playerStatus: 'banned' },
        { name: 'tooLong', notes: 'tooLong', playerStatus: 'invalidValue' },
        { name: { max: PLAYER_NAME_MAX }, notes: { max: PLAYER_NOTES_MAX } },
      ],
      [
        'POST',
        '/api/v1/items',
        { name: over(ITEM_NAME_MAX), itemType: over(ITEM_TYPE_MAX) },
        { name: 'tooLong', itemType: 'tooLong' },
        { name: { max: ITEM_NAME_MAX }, itemType: { max: ITEM_TYPE_MAX } },
      ],
      [
        'POST',
        '/api/v1/raid-nights',
        {
          name: 'Raid',
          description: over(RAID_NIGHT_DESCRIPTION_MAX),
          date: '2030-01-01',
          startTime: '20:00',
        },
        { description: 'tooLong' },
        { description: { max: RAID_NIGHT_DESCRIPTION_MAX } },
      ],
      [
        'POST',
        `/api/v1/queue-entries/${crypto.randomUUID()}/absent`,
        { note: over(QUEUE_NOTE_MAX) },
        { note: 'tooLong' },
        { note: { max: QUEUE_NOTE_MAX } },
      ],
      [
        'PUT',
        '/api/v1/rank-order',
        { rankIds: Array.from({ length: MAX_RANKS + 1 }, () => crypto.randomUUID()) },
        { rankIds: 'tooMany' },
        { rankIds: { max: MAX_RANKS } },
      ],
      [
        'POST',
        '/api/v1/players',
        { name: 'Ana', notes: 'a\u0000b' },
        { notes: 'controlCharacters' },
        undefined,
      ],
    ]
    for (const [method, path, body, fields, limits] of cases) {
      const res = await admin.request(method, path, body, { 'accept-language': 'pt-BR' })
      expect(res.status, path).toBe(400)
      const error = await errorOf(res)
      expect(error.fields, path).toEqual(fields)
      expect(error.limits, path).toEqual(limits)
    }
  })
})
